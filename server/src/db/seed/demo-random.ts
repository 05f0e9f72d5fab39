import { createHash } from 'node:crypto';

/** A small deterministic pseudo-random generator (mulberry32) for the demo data. */
export interface Rng {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('Cannot pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    chance: (probability) => next() < probability,
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}

/** FNV-1a: a stable 32-bit seed from a text, so each part of the demo has its own stream. */
export function seedFromText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A UUID-shaped name derived from a text: looks random, is always the same for the same text. */
export function stableUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `AA:BB:CC:DD:EE:FF` from a vendor prefix (`AA:BB:CC`) and three more bytes. */
export function formatMac(oui: string, bytes: readonly [number, number, number]): string {
  const tail = bytes.map((b) => (b & 0xff).toString(16).padStart(2, '0'));
  return [oui.toUpperCase(), ...tail.map((part) => part.toUpperCase())].join(':');
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` (UTC) of a day counted from 1970-01-01. */
export function dayString(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Day number (UTC) of a `YYYY-MM-DD` string. */
export function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** The same calendar day `years` later (29 February becomes 1 March). */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

/** Splits `total` over weighted keys by largest remainder: the counts always add up to `total`. */
export function allocate<K extends string>(
  weights: Readonly<Partial<Record<K, number>>>,
  total: number,
): Map<K, number> {
  const entries = Object.entries(weights) as [K, number][];
  const sum = entries.reduce((acc, [, w]) => acc + w, 0);
  const result = new Map<K, number>();
  if (sum <= 0 || total <= 0) return result;
  const shares = entries.map(([key, w]) => {
    const exact = (w / sum) * total;
    return { key, floor: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = total - shares.reduce((acc, s) => acc + s.floor, 0);
  const byRest = [...shares].sort((a, b) => b.rest - a.rest || a.key.localeCompare(b.key));
  for (const share of byRest) {
    if (left <= 0) break;
    share.floor += 1;
    left -= 1;
  }
  for (const share of shares) if (share.floor > 0) result.set(share.key, share.floor);
  return result;
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
