/**
 * Stands in for `@reown/appkit/core` in the build (vite.config.ts alias). WalletConnect's provider
 * imports AppKit only to show its own QR modal, which is off here (`showQrModal: false`: the
 * connect view shows the pairing code itself), so the modal and its dozens of chunks are not built.
 */
export function createAppKit(): never {
  throw new Error('The WalletConnect QR modal is not bundled; the connect view shows the pairing code')
}
