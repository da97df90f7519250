// `@refapi/schema/plans`: the plan catalog, with its list query.

export {
  type OfferedChoices,
  type OfferRefusal,
  type UnofferedChoice,
  unofferedChoice,
} from '../order-offer';
export { ListPlansQuery } from '../params';
export * from '../plan';
export {
  amountToCents,
  describePrice,
  formatCents,
  type OrderPrice,
  type PricedOrder,
  type PriceLine,
  type PriceRefusal,
  type PriceResult,
  priceOrder,
  vatPercent,
} from '../pricing';
