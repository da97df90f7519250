// `@refapi/server/space`: a space of a shared `ref-server`, driven over HTTP. Nothing here
// loads msw (ESM-only), so a CommonJS runner's own `require` (Jest without
// `--experimental-vm-modules`) loads it, which `@refapi/server/testing` it cannot.

export {
  connectRefSpace,
  type RefSpace,
  RefSpaceError,
  type RefSpaceOptions,
  setupRefSpace,
} from './ref-space';
