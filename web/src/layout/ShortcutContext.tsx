/** Lets a layout (the site layout) give the header's shortcut menu its own entries. */
import { createContext, useContext } from 'react';
import type { NavItem } from './nav.ts';

export const ShortcutOverrideContext = createContext<NavItem[] | null>(null);

export function useShortcutOverride(): NavItem[] | null {
  return useContext(ShortcutOverrideContext);
}
