import { createTheme } from '@mui/material/styles';

export const HEADER_HEIGHT = 64;
export const SIDEBAR_WIDTH = 232;

export const theme = createTheme({
  palette: {
    primary: { main: '#1f8a5b', light: '#4caf84', dark: '#14633f', contrastText: '#ffffff' },
    secondary: { main: '#d81b60', light: '#e35a8a', dark: '#a0003a', contrastText: '#ffffff' },
    error: { main: '#d32f2f' },
    warning: { main: '#ffa000', contrastText: 'rgba(0, 0, 0, 0.87)' },
    info: { main: '#1e6fd9', contrastText: '#ffffff' },
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
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiDialog: { defaultProps: { fullWidth: true, maxWidth: 'xs' } },
  },
});
