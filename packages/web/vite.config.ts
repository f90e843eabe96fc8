import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

const api = 'http://localhost:3080';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Gzip and brotli copies next to each text asset; the server sends the one the browser accepts.
    compression({
      algorithms: ['gzip', 'brotliCompress'],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
  server: {
    proxy: {
      // The Host stays the dev server's, as the browser's Origin is: the sign-in routes refuse an Origin that is
      // neither the request's own host nor a configured domain (docs/reference/accounts.md (Hardening)).
      '/api': { target: api, changeOrigin: false },
      '/oauth': { target: api, changeOrigin: true },
      '/health': { target: api, changeOrigin: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
