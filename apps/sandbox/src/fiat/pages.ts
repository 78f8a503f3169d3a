/** The hosted pages of the sandboxed providers (checkout with card entry, exchange withdrawal). */

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title><style>
body{font:16px system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#111}
label{display:block;margin:12px 0 4px}input,select{width:100%;padding:8px;font:inherit;box-sizing:border-box}
button{margin-top:16px;width:100%;padding:12px;font:inherit;font-weight:600;background:#222;color:#fff;border:0;border-radius:8px}
[role=alert]{color:#b00020;margin:12px 0}.muted{color:#555;font-size:14px}</style></head>
<body><main>${body}</main></body></html>`
}

export interface CheckoutView {
  readonly provider: string
  readonly side: 'buy' | 'sell'
  readonly summary: string
  readonly hidden: Readonly<Record<string, string>>
  readonly error?: string
}

export function checkoutPage(view: CheckoutView): string {
  const hidden = Object.entries(view.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')
  const error = view.error ? `<p role="alert">${escapeHtml(view.error)}</p>` : ''
  const action = view.side === 'buy' ? 'Pay' : 'Continue'
  return layout(
    `${view.provider} checkout`,
    `<h1>${escapeHtml(view.provider)}</h1><p>${escapeHtml(view.summary)}</p>${error}
<form method="post">${hidden}
<label for="card">${view.side === 'buy' ? 'Card number' : 'Payout card number'}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">${action}</button></form>
<p class="muted">Sandbox: any card works except 4000 0000 0000 0002, which is declined.</p>`,
  )
}

export function messagePage(title: string, message: string, back?: string): string {
  const link = back ? `<p><a href="${escapeHtml(back)}">Return to the app</a></p>` : ''
  return layout(title, `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p>${link}`)
}

export interface ExchangeView {
  readonly exchange: string
  readonly address: string
  readonly assets: readonly { readonly value: string; readonly label: string }[]
  readonly hidden: Readonly<Record<string, string>>
}

export function exchangePage(view: ExchangeView): string {
  const hidden = Object.entries(view.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')
  const options = view.assets
    .map((a) => `<option value="${escapeHtml(a.value)}">${escapeHtml(a.label)}</option>`)
    .join('')
  return layout(
    `${view.exchange}: withdraw`,
    `<h1>${escapeHtml(view.exchange)}</h1><p>Withdraw to ${escapeHtml(view.address)}</p>
<form method="post">${hidden}<label for="asset">Asset</label><select id="asset" name="asset">${options}</select>
<label for="amount">Amount</label><input id="amount" name="amount" inputmode="decimal" required>
<button type="submit">Withdraw</button></form>`,
  )
}
