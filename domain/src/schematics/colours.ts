/**
 * The colour of each signal on the schematic: one fixed palette, so Audio is always the same green
 * on screen, in an export, in the handover pack and in print. Every colour is dark enough to read
 * on white (a contrast of 3:1 at least, what a line or an icon needs) and the five stay apart for
 * the common forms of colour blindness by lightness as well as hue.
 */
import { INTERFACE_SIGNALS, type InterfaceSignal } from '../interfaces.ts';

export const SIGNAL_COLOURS: Record<InterfaceSignal, string> = {
  Data: '#1565c0',
  Audio: '#2e7d32',
  'AC/DC': '#b45309',
  Video: '#7b1fa2',
  Power: '#c62828',
};

/** A cable whose ends state no signal (or one outside the list). */
export const UNKNOWN_SIGNAL_COLOUR = '#546e7a';

export function isInterfaceSignal(value: string | null | undefined): value is InterfaceSignal {
  return value != null && (INTERFACE_SIGNALS as readonly string[]).includes(value);
}

export function signalColour(signal: string | null | undefined): string {
  return isInterfaceSignal(signal) ? SIGNAL_COLOURS[signal] : UNKNOWN_SIGNAL_COLOUR;
}

/** WCAG's relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (at: number) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG's contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
