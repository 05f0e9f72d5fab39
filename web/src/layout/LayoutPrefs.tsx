/** Layout preferences of the account menu: forced mobile view and the sidebar switch. */
import { useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

const PREFS_KEY = 'asbuilt.layout';

interface Prefs {
  forceMobile: boolean;
  sidebar: boolean;
}

interface LayoutPrefsState extends Prefs {
  /** Phone width (sm and down): always the mobile layout. */
  isPhone: boolean;
  /** The mobile layout is in use: phone width or forced. */
  mobile: boolean;
  /** The sidebar is visible (not mobile and switched on). */
  showSidebar: boolean;
  toggleMobile: () => void;
  toggleSidebar: () => void;
}

const defaults: Prefs = { forceMobile: false, sidebar: true };

function load(): Prefs {
  try {
    const saved = JSON.parse(localStorage.getItem(PREFS_KEY) ?? 'null') as Partial<Prefs> | null;
    return { ...defaults, ...saved };
  } catch {
    return defaults;
  }
}

function save(prefs: Prefs) {
  try {
    localStorage.setItem(PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // storage full or blocked: the preference lasts for this page only
  }
}

const LayoutPrefsContext = createContext<LayoutPrefsState | null>(null);

export function LayoutPrefsProvider({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [prefs, setPrefs] = useState<Prefs>(load);

  const update = useCallback((change: (p: Prefs) => Prefs) => {
    setPrefs((current) => {
      const next = change(current);
      save(next);
      return next;
    });
  }, []);

  const value = useMemo<LayoutPrefsState>(() => {
    const mobile = isPhone || prefs.forceMobile;
    return {
      ...prefs,
      isPhone,
      mobile,
      showSidebar: !mobile && prefs.sidebar,
      toggleMobile: () => update((p) => ({ ...p, forceMobile: !p.forceMobile })),
      toggleSidebar: () => update((p) => ({ ...p, sidebar: !p.sidebar })),
    };
  }, [isPhone, prefs, update]);

  return <LayoutPrefsContext.Provider value={value}>{children}</LayoutPrefsContext.Provider>;
}

export function useLayoutPrefs(): LayoutPrefsState {
  const value = useContext(LayoutPrefsContext);
  if (!value) throw new Error('useLayoutPrefs outside LayoutPrefsProvider');
  return value;
}
