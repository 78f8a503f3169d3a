import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useIntl } from 'react-intl'
import { Button, Card } from '../../ui/index.ts'
import { useWalletState } from '../../wallet/index.ts'
import { formatUnits, readBalance } from '../services/chain.ts'
import {
  createFiatOrder,
  FiatApiError,
  type FiatQuote,
  fetchFiatQuotes,
  fetchFiatRegions,
  fetchTokenAddress,
} from '../services/fiatApi.ts'
import styles from './Fiat.module.css'
import { fiatMessages as m } from './fiatMessages.ts'

/** Regions offered in the select: every country a provider serves, plus common ones none does. */
const LISTED_REGIONS = ['US', 'GB', 'DE', 'FR', 'ES', 'BR', 'IN', 'CA', 'JP', 'AU', 'CU']
const PRESETS = ['100', '300', '1000']
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/

export interface FiatFormProps {
  readonly side: 'buy' | 'sell'
}

/** The Buy and Sell modes of the trade screen: region, amount, quotes from every provider, checkout. */
export function FiatForm({ side }: FiatFormProps) {
  const intl = useIntl()
  const wallet = useWalletState()
  const [country, setCountry] = useState('US')
  const [fiatCurrency, setFiatCurrency] = useState('USD')
  const [fiatAmount, setFiatAmount] = useState('100')
  const [crypto, setCrypto] = useState(side === 'buy' ? 'ETH' : 'USDC')
  const [network, setNetwork] = useState('ethereum')
  const [starting, setStarting] = useState<string | null>(null)
  const [startError, setStartError] = useState<string | null>(null)

  const regions = useQuery({
    queryKey: ['fiat', 'regions', side],
    queryFn: () => fetchFiatRegions(side),
    staleTime: 60_000,
  })
  const regionNames = useMemo(() => new Intl.DisplayNames([intl.locale], { type: 'region' }), [intl.locale])
  const listed = useMemo(
    () => [...new Set([...LISTED_REGIONS, ...Object.keys(regions.data ?? {})])].sort(),
    [regions.data],
  )
  const currencies = useMemo(
    () => [...new Set(['USD', 'EUR', 'GBP', ...Object.values(regions.data ?? {}).flat()])].sort(),
    [regions.data],
  )
  const regionSupported = regions.data ? country in regions.data : true
  const validAmount = AMOUNT.test(fiatAmount) && Number(fiatAmount) > 0
  const input = { side, country, fiatCurrency, fiatAmount, crypto, network }
  const quotes = useQuery({
    queryKey: ['fiat', 'quotes', input],
    queryFn: ({ signal }) => fetchFiatQuotes(input, signal),
    enabled: validAmount && regionSupported,
    retry: false,
    staleTime: 15_000,
  })
  const balance = useQuery({
    queryKey: ['fiat', 'balance', network, crypto, wallet.address],
    queryFn: async () => {
      const token = crypto === 'ETH' ? null : await fetchTokenAddress(network, crypto)
      if (crypto !== 'ETH' && token === null) return null
      return wallet.address ? readBalance(network, token, wallet.address) : null
    },
    enabled: side === 'sell' && wallet.address !== null,
  })

  const money = (value: string, currency = fiatCurrency) =>
    intl.formatNumber(Number(value), { style: 'currency', currency })

  function errorText(error: unknown): string {
    if (!(error instanceof FiatApiError)) return intl.formatMessage(m.connectionFailed)
    switch (error.code) {
      case 'UNSUPPORTED_REGION':
        return intl.formatMessage(m.unavailableRegion)
      case 'AMOUNT_BELOW_MINIMUM':
        return intl.formatMessage(m.minimum, { amount: money(error.details.minAmount ?? '0') })
      case 'AMOUNT_ABOVE_MAXIMUM':
        return intl.formatMessage(m.maximum, { amount: money(error.details.maxAmount ?? '0') })
      case 'UNSUPPORTED_CURRENCY':
        return error.details.supportedCurrencies?.length === 1
          ? intl.formatMessage(m.onlyCurrency, { currency: error.details.supportedCurrencies[0] })
          : intl.formatMessage(m.notAvailable)
      case 'UNSUPPORTED_TOKEN':
        return intl.formatMessage(m.notAvailable)
      default:
        return intl.formatMessage(m.connectionFailed)
    }
  }

  async function checkout(quote: FiatQuote) {
    if (!wallet.address) return
    setStarting(quote.provider)
    setStartError(null)
    try {
      const { widgetUrl } = await createFiatOrder({
        ...input,
        provider: quote.provider,
        walletAddress: wallet.address,
        redirectUrl: `${window.location.origin}/${side}`,
      })
      window.location.assign(widgetUrl)
    } catch (error) {
      setStartError(errorText(error))
      setStarting(null)
    }
  }

  const quoteError = !regionSupported
    ? intl.formatMessage(m.unavailableRegion)
    : quotes.error
      ? errorText(quotes.error)
      : null

  return (
    <Card>
      <form className={styles.form} onSubmit={(event) => event.preventDefault()}>
        <label className={styles.field}>
          {intl.formatMessage(m.region)}
          <select value={country} onChange={(e) => setCountry(e.target.value)}>
            {listed.map((code) => (
              <option key={code} value={code}>
                {regionNames.of(code) ?? code}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.row}>
          <label className={styles.field}>
            {intl.formatMessage(m.amount)}
            <input
              inputMode="decimal"
              value={fiatAmount}
              onChange={(e) => setFiatAmount(e.target.value.replace(',', '.'))}
            />
          </label>
          <label className={styles.field}>
            {intl.formatMessage(m.currency)}
            <select value={fiatCurrency} onChange={(e) => setFiatCurrency(e.target.value)}>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className={styles.presets}>
          {PRESETS.map((preset) => (
            <Button key={preset} type="button" variant="secondary" onClick={() => setFiatAmount(preset)}>
              {money(preset)}
            </Button>
          ))}
        </div>
        <div className={styles.row}>
          <label className={styles.field}>
            {intl.formatMessage(m.token)}
            <select value={crypto} onChange={(e) => setCrypto(e.target.value)}>
              <option value="ETH">ETH</option>
              <option value="USDC">USDC</option>
            </select>
          </label>
          <label className={styles.field}>
            {intl.formatMessage(m.network)}
            <select value={network} onChange={(e) => setNetwork(e.target.value)}>
              <option value="ethereum">Ethereum</option>
              <option value="base">Base</option>
            </select>
          </label>
        </div>
        {quoteError && (
          <p role="alert" className={styles.error}>
            {quoteError}
          </p>
        )}
        {startError && (
          <p role="alert" className={styles.error}>
            {startError}
          </p>
        )}
        {quotes.isFetching && !quoteError && <p>{intl.formatMessage(m.loading)}</p>}
        {!wallet.address && <p>{intl.formatMessage(m.connect)}</p>}
        {quotes.data && !quoteError && (
          <ul className={styles.quotes}>
            {quotes.data.quotes.map((quote) => {
              const received =
                side === 'buy'
                  ? `${formatUnits(BigInt(quote.cryptoAmount), quote.cryptoDecimals)} ${quote.crypto}`
                  : money(quote.totalFiat)
              const exceeds =
                side === 'sell' &&
                balance.data !== undefined &&
                balance.data !== null &&
                BigInt(quote.cryptoAmount) > balance.data
              return (
                <li
                  key={quote.provider}
                  className={styles.quote}
                  aria-label={quote.providerName}
                  data-testid="fiat-quote"
                >
                  <strong>{quote.providerName}</strong>
                  <span>
                    {intl.formatMessage(m.fees, {
                      amount: money(String(Number(quote.feeAmount) + Number(quote.networkFeeAmount))),
                    })}
                  </span>
                  <span>{intl.formatMessage(m.receive, { amount: received })}</span>
                  {exceeds && <span className={styles.error}>{intl.formatMessage(m.exceedsBalance)}</span>}
                  <Button
                    type="button"
                    disabled={!wallet.address || exceeds || starting !== null}
                    onClick={() => void checkout(quote)}
                  >
                    {intl.formatMessage(side === 'buy' ? m.buyWith : m.sellWith, {
                      provider: quote.providerName,
                    })}
                  </Button>
                </li>
              )
            })}
          </ul>
        )}
      </form>
    </Card>
  )
}
