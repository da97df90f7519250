// Whether a plan offers the OS image and region an order names, by the server's rule (its
// 422 `os_image_not_offered`, `os_not_offered`, `windows_not_offered`, `region_not_offered`),
// read from the public catalog. A catalog entry
// without its `os_images` or `regions` (the API allows it) says nothing: the server decides.
import type { Plan } from './plan';

/** What an order names that the plan must offer (the OS and region fields of the body). */
export interface OfferedChoices {
  readonly os_image_ref?: string | undefined;
  readonly os_name?: string | undefined;
  readonly windows?: boolean | undefined;
  readonly region_ref?: string | undefined;
}

/** The server's 422 code for an OS image or region a plan does not offer. */
export type OfferRefusal =
  | 'region_not_offered'
  | 'os_image_not_offered'
  | 'os_not_offered'
  | 'windows_not_offered';

/** Why {@link unofferedChoice} refuses: the server's code and what is not offered, for a message. */
export interface UnofferedChoice {
  readonly error: OfferRefusal;
  /** What the plan offers no such thing of: `OS image REF-OS-99`, `region REF-REGION-9`. */
  readonly what: string;
}

/**
 * The OS image (`os_image_ref`, `os_name`, `windows`) or region of `order` that `plan` does not
 * list, as the server refuses it; undefined when the catalog lists them all, or lists none.
 *
 * @example
 * const refused = unofferedChoice(plan, { os_image_ref: 'REF-OS-99' });
 * if (refused) console.error(`plan ${plan.code} offers no ${refused.what} (${refused.error})`);
 */
export function unofferedChoice(plan: Plan, order: OfferedChoices): UnofferedChoice | undefined {
  const regions = plan.regions;
  if (order.region_ref !== undefined && regions !== undefined) {
    if (!regions.some((r) => r.region_ref === order.region_ref)) {
      return { error: 'region_not_offered', what: `region ${order.region_ref}` };
    }
  }
  const images = plan.os_images;
  if (images === undefined) return undefined;
  let image: (typeof images)[number] | undefined;
  if (order.os_image_ref !== undefined) {
    image = images.find((os) => os.os_image_ref === order.os_image_ref);
    if (image === undefined) {
      return { error: 'os_image_not_offered', what: `OS image ${order.os_image_ref}` };
    }
  } else if (order.os_name !== undefined) {
    image = images.find((os) => os.name === order.os_name);
    if (image === undefined) {
      return { error: 'os_not_offered', what: `OS image named ${JSON.stringify(order.os_name)}` };
    }
  }
  if (order.windows === true) {
    const windows = image ?? images.find((os) => os.name.includes('windows'));
    if (windows === undefined || !windows.name.includes('windows')) {
      const which = image === undefined ? '' : ` ${image.os_image_ref} (it is ${image.name})`;
      return { error: 'windows_not_offered', what: `Windows image${which}` };
    }
  }
  return undefined;
}
