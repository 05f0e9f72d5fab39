import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ComponentsHostProvider } from './ComponentsHostProvider.tsx';
import { LayoutPrefsProvider } from './LayoutPrefs.tsx';
import { PageTitleProvider } from './PageTitle.tsx';
import { Toasts } from './Toasts.tsx';
import { theme } from './theme.ts';

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <LayoutPrefsProvider>
          <PageTitleProvider>
            <ComponentsHostProvider>{children}</ComponentsHostProvider>
          </PageTitleProvider>
        </LayoutPrefsProvider>
        <Toasts />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
