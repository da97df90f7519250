/** A VAT rate (`0.19`) in percent, to two decimals at most (`19`, `5.5`). */
export const vatPercent = (rate: number): number => Math.round(rate * 10_000) / 100;
