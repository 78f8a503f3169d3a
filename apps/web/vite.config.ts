import { execFileSync } from 'node:child_process'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { resolveBuildHash } from './server/buildHash.ts'

/** In `vite` dev mode, fill the runtime-config meta tag the way the production server does. */
function devRuntimeConfig(): Plugin {
  return {
    name: 'oxbow-dev-runtime-config',
    apply: 'serve',
    transformIndexHtml(html) {
      const json = execFileSync('npx', ['tsx', 'server/printConfig.ts'], {
        cwd: import.meta.dirname,
        encoding: 'utf8',
      })
      const escaped = json.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
      return html.replace(
        '<meta name="oxbow:config" content="" />',
        `<meta name="oxbow:config" content="${escaped}" />`,
      )
    },
  }
}

/** The SPA build: hashed chunks per lazily loaded route, no inline scripts or styles (strict CSP). */
export default defineConfig({
  plugins: [react(), devRuntimeConfig()],
  define: { __OXBOW_BUILD_HASH__: JSON.stringify(resolveBuildHash()) },
  resolve: {
    // WalletConnect's own QR modal (AppKit) is never shown: see appKitUnbundled.ts. Bundling it
    // also made the bundler cut the entry into a dozen small shared chunks.
    alias: [
      {
        find: /^@reown\/appkit\/core$/,
        replacement: `${import.meta.dirname}/src/modules/wallet/services/appKitUnbundled.ts`,
      },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Inline assets would need data: in script/style sources; keep every asset a file.
    assetsInlineLimit: 0,
    cssCodeSplit: true,
    // dist/.vite/manifest.json: the server preloads a page's chunks in its HTML (server/routePreloads.ts).
    manifest: true,
    rolldownOptions: {
      onLog(level, log, handler) {
        // ox's Tempo helpers (reached through viem's chain list, tree-shaken, never run here) name
        // Node's worker_threads; the bundler's note about it is noise in `npm start`'s output.
        if (log.message.includes('"node:worker_threads"') && log.message.includes('/ox/_esm/tempo/')) return
        handler(level, log)
      },
    },
  },
  server: { port: 5173, host: 'localhost' },
})
