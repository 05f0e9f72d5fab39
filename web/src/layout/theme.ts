import { createTheme } from '@mui/material/styles';

export const HEADER_HEIGHT = 64;
export const SIDEBAR_WIDTH = 232;

/** Asked for by the system (vestibular disorders, or simply preference): drawers and menus appear at once. */
const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export const theme = createTheme({
  ...(reducedMotion ? { transitions: { create: () => 'none' } } : {}),
  palette: {
    // Dark enough for 4.5:1 with white text and as text on the grey page (WCAG 2.1 AA, issue 47).
    primary: { main: '#1a7a50', light: '#4caf84', dark: '#14633f', contrastText: '#ffffff' },
    secondary: { main: '#d81b60', light: '#e35a8a', dark: '#a0003a', contrastText: '#ffffff' },
    error: { main: '#d32f2f' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#1565c0', contrastText: '#ffffff' },
    success: { main: '#2e7d32' },
    background: { default: '#f4f6f5', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: '2rem', fontWeight: 700 },
    h2: { fontSize: '1.6rem', fontWeight: 700 },
    h3: { fontSize: '1.35rem', fontWeight: 600 },
    h4: { fontSize: '1.5rem', fontWeight: 700 },
    h5: { fontSize: '1.25rem', fontWeight: 600 },
    h6: { fontSize: '1.1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // What MUI's transitions don't cover (CSS animations, smooth scrolling) stops too.
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiDialog: { defaultProps: { fullWidth: true, maxWidth: 'xs' } },
  },
});
