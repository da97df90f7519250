import type { RefClient } from '@refapi/sdk';

/** The traffic of the last 24 h by destination port, as the server's formula-safe CSV. */
export function trafficReportCsv(client: RefClient, serviceRef: string): Promise<string> {
  return client.shield(serviceRef).export({
    dataset: 'traffic',
    format: 'csv',
    window_hours: 24,
    group_by: 'destination_port',
  });
}

/** The file name a report is saved under, e.g. `REF-SVC-101-traffic-24h.csv`. */
export const reportFileName = (serviceRef: string): string => `${serviceRef}-traffic-24h.csv`;
