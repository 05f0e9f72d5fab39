import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from './api/client.ts';
import { Providers } from './app/Providers.tsx';
import { createQueryClient } from './app/queryClient.ts';
import { createRouter } from './app/router.tsx';
import { i18nReady } from './i18n/i18n.ts';
import { clearSession } from './lib/session.ts';

const queryClient = createQueryClient();
const router = createRouter(queryClient);

// A 401 on an authenticated call: the session is gone; forget it and go to /login.
setUnauthorizedHandler(() => {
  clearSession();
  queryClient.clear();
  if (window.location.pathname !== '/login') void router.navigate('/login', { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
// The first screen is drawn in the reader's words, not in keys.
await i18nReady;

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
