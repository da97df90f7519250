// `@refapi/schema/request-plan`: the plan document (one write request, reviewed before it
// is sent) with its digest and the price rule it quotes by, for tools that load only it.

export {
  type OfferedChoices,
  type OfferRefusal,
  type UnofferedChoice,
  unofferedChoice,
} from '../order-offer';
export { canonicalJson, planDigest } from '../plan-digest';
export {
  amountToCents,
  type CatalogFacts,
  catalogFacts,
  formatCents,
  type OrderPrice,
  priceOrder,
} from '../pricing';
export * from '../request-plan';
