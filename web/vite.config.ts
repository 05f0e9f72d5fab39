import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** A catalogue of the web app's words: `<area>/locales/<language>.json` (the domain's go with the domain). */
const CATALOGUE = /src[\\/](?:app|components|features[\\/][^\\/]+)[\\/]locales[\\/](en|fr|nl)\.json$/;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-sizes.ts reads what each route loads from the manifest.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached between releases. Other
        // libraries go with the screens that use them, so the sign-in page loads only its own.
        codeSplitting: {
          groups: [
            // One chunk per language, loaded when the language is first used (src/i18n/resources.ts).
            {
              name: (id) => {
                const language = CATALOGUE.exec(id)?.[1];
                return language ? `words-${language}` : null;
              },
              test: CATALOGUE,
              priority: 40,
            },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
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
