/**
 * The session token lives in localStorage so a reload keeps the user signed in.
 * Components read it through useToken(); every change notifies subscribers, including
 * changes made by another tab (storage event).
 */
import { useSyncExternalStore } from 'react';

export const TOKEN_KEY = 'asbuilt.token';

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function read(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return read();
}

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
  notify();
}

/** Sign-out clears all local storage (token, layout preferences, anything else). */
export function clearSession() {
  localStorage.clear();
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
