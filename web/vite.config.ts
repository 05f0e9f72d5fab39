import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './build/precompress.ts';
import { pickSignInWords } from './src/features/auth/signin/wordList.ts';
import { offlineFiles } from './src/features/scan/offline/offlinePage.ts';

const SIGN_IN_WORDS = 'virtual:sign-in-words/';

/**
 * `virtual:sign-in-words/<language>`: the few words of the sign-in screen in one language, read
 * from the catalogues (src/features/auth/signin/wordList.ts says which), so that page loads a
 * small chunk of words instead of every catalogue.
 */
function signInWords(): Plugin {
  const catalogue = (folder: string, language: string) =>
    fileURLToPath(new URL(`${folder}/${language}.json`, import.meta.url));
  return {
    name: 'asbuilt:sign-in-words',
    resolveId: (id) => (id.startsWith(SIGN_IN_WORDS) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${SIGN_IN_WORDS}`)) return undefined;
      const language = id.slice(SIGN_IN_WORDS.length + 1);
      const read = (folder: string) => {
        const file = catalogue(folder, language);
        this.addWatchFile(file);
        return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      };
      const words = pickSignInWords({
        auth: read('./src/features/auth/locales'),
        components: read('./src/components/locales'),
        domain: read('../domain/src/locales'),
      });
      return `export default ${JSON.stringify(words)};`;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    signInWords(),
    offlineFiles((language) =>
      JSON.parse(
        readFileSync(
          fileURLToPath(new URL(`./src/features/scan/locales/${language}.json`, import.meta.url)),
          'utf8',
        ),
      ),
    ),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-sizes.ts reads what each route loads from the manifest.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached between releases, and
        // the sign-in page loads it with nothing else (the router goes with the app). MUI (with
        // what it is built on) and its icons are one chunk each: split by the screens sharing them
        // they were some seventy files of a few KB, which a browser fetches six at a time over
        // HTTP/1.1, and the devices page drew its rows about 0.2 s later on a first visit
        // (bench/devices-page.ts). The sign-in page uses none of them. Other libraries go with
        // the screens that use them, and so does MUI's table pager: it builds an
        // Intl.NumberFormat as its module loads, which on a first visit loaded the locale's data
        // (some 20 to 50 ms of the main thread) on pages that show no pager.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 30,
            },
            {
              name: 'router',
              test: /node_modules[\\/]react-router[\\/]/,
              priority: 30,
            },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui[\\/](?!icons-material|material[\\/](TablePagination|locale)[\\/])|@emotion|@popperjs|react-transition-group|react-is|clsx|prop-types|stylis|hoist-non-react-statics)/,
              priority: 20,
            },
            {
              name: 'icons',
              test: /node_modules[\\/]@mui[\\/]icons-material[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
});
