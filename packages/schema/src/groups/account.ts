// `@refapi/schema/account`: the account identity and balance, with the balance's query.
// Each group entry loads only its own schema modules (the index builds all of them).

export * from '../account';
export * from '../balance';
export { BalanceQuery, DisplayCurrencyQuery } from '../params';
