import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { licencesPlugin } from './build/licences-plugin.ts';
import { precompressPlugin } from './build/precompress-plugin.ts';

const SERVER = 'http://localhost:8080';
const appFolder = fileURLToPath(new URL('.', import.meta.url));

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/]/;

/** One chunk per locale instead of one per translation file. */
function localeChunk(moduleId: string): string | null {
  const variant = /locales[\\/]variants[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(moduleId);
  if (variant) return `locale-${variant[1]}-${variant[2]}`;
  const locale = /locales[\\/]([^\\/]+)[\\/][^\\/]+\.json$/.exec(moduleId);
  return locale ? `locale-${locale[1]}` : null;
}

export default defineConfig({
  base: '/console/',
  plugins: [react(), licencesPlugin(appFolder), precompressPlugin()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': SERVER,
      '/idp': SERVER,
      '/console/appsettings': SERVER,
      '/console/version.json': SERVER,
    },
  },
  build: {
    // ECharts and the offline world map are big by nature; they load only with the geolocations tab.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare (schemas, constants, functions): what the console does not use
        // stays out, instead of every schema of the API riding along with the first load.
        moduleSideEffects: (id) => (CONTRACT_SOURCE.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: localeChunk, debugName: 'locales', test: /locales[\\/].+\.json$/ },
            // React and its router change less often than the app: their own file stays cached across deployments.
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // Left alone, the bundler cuts every module two routes share into a file of its own: opening the
            // devices list asked for 166 files. Now: the first screen's code in the entry (only what it
            // imports, not their lazy neighbours), the libraries the routes share in one file, the console's
            // shared code in one more. ECharts and the world map stay with the tabs that draw them.
            { name: 'index', tags: ['$initial'], includeDependenciesRecursively: false },
            // OpenCage's address templates, the whole world's, and what formats an address with them load only
            // with the screens that show one, not with every screen's shared libraries.
            {
              name: 'addresses',
              test: /node_modules[\\/]@fragaria[\\/]|contract[\\/]src[\\/]address-format\.ts|components[\\/]address[\\/]address-block/,
              includeDependenciesRecursively: false,
            },
            { name: 'widgets', test: /node_modules[\\/](?!echarts|zrender|world-atlas|topojson)/ },
            {
              name: 'common',
              test: /apps[\\/]web[\\/]src[\\/](components|lib|hooks|config)[\\/]|packages[\\/]contract[\\/]/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
