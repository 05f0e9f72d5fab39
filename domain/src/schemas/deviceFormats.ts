import { z } from 'zod';
import type { FieldKey } from '../i18n/messages.ts';
import { idField, optionalText } from './form.ts';

/**
 * The formats of a device's fields (schemas/device.ts): floor and location ids, MAC and IP
 * addresses.
 */

const blankToNull = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/**
 * Floor and location ids: a negative id (the old client's -1) means unplaced and is taken as null,
 * like '' and null.
 */
export function placementId(field: FieldKey) {
  return z.preprocess((value) => {
    const v = blankToNull(value);
    if (typeof v === 'number' && v < 0) return null;
    if (typeof v === 'string' && /^\s*-\d+\s*$/.test(v)) return null;
    return v;
  }, idField(field).nullable());
}

const MAC_PATTERNS = [
  /^[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}$/,
  /^[0-9A-Fa-f]{12}$/,
  /^[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}$/,
];

/** 00:1A:2B:3C:4D:5E, 00-1A-2B-3C-4D-5E, 001A2B3C4D5E or 001A.2B3C.4D5E. */
export function isMacAddress(text: string): boolean {
  return MAC_PATTERNS.some((pattern) => pattern.test(text));
}

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

function isIpv6(text: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(text) || !text.includes(':')) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  let count = 0;
  for (const [index, group] of groups.entries()) {
    if (index === groups.length - 1 && group.includes('.')) {
      if (!IPV4.test(group)) return false;
      count += 2;
    } else if (/^[0-9A-Fa-f]{1,4}$/.test(group)) {
      count += 1;
    } else {
      return false;
    }
  }
  return halves.length === 2 ? count < 8 : count === 8;
}

/**
 * Loosely an IP address: IPv4 or IPv6, with an optional /prefix, or the word DHCP (a device that
 * gets its address from the network).
 */
export function isIpAddress(text: string): boolean {
  if (/^dhcp$/i.test(text)) return true;
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0) return false;
  if (IPV4.test(address)) return prefix === undefined || (/^\d{1,2}$/.test(prefix) && Number(prefix) <= 32);
  if (isIpv6(address)) return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= 128);
  return false;
}

/** A text field of at most 64 characters that `check` accepts (or blank). */
export function formatted(field: FieldKey, check: (text: string) => boolean, message: string) {
  return optionalText(field, 64).refine((value) => value === null || check(value), message);
}
