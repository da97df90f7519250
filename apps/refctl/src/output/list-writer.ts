import type { OutStream } from '../io/io';
import { toJson } from './json';
import { type RenderSettings, renderRows, toYaml } from './render';
import { selectFields } from './select-fields';
import { type Column, resolveColumns, type View } from './view';

/** Receives a list page by page; `end` prints whatever had to wait for the last page. */
export interface ListWriter {
  write(items: readonly unknown[]): Promise<void>;
  end(): Promise<void>;
}

/**
 * A writer for one list command. NDJSON and CSV stream each page as it arrives; JSON,
 * YAML and tables need every row first (one array, aligned columns), so they print at the end.
 */
export function createListWriter(out: OutStream, view: View, settings: RenderSettings): ListWriter {
  const all: unknown[] = [];
  let columns: Column[] | undefined;
  const streamCsv = (items: readonly unknown[]) => {
    const header = columns === undefined;
    columns ??= resolveColumns(view, settings.columns, items);
    out.write(renderRows(items, columns, settings, header));
  };

  switch (settings.format) {
    case 'ndjson':
      return {
        write: async (items) => {
          const selected = selectFields(items, settings.fields) as unknown[];
          out.write(selected.map((item) => `${toJson(item)}\n`).join(''));
        },
        end: async () => {},
      };
    case 'csv':
      return {
        write: async (items) => streamCsv(items),
        end: async () => {
          if (columns === undefined) streamCsv([]);
        },
      };
    default:
      return {
        write: async (items) => {
          all.push(...items);
        },
        end: async () => {
          out.write(await renderCollected(all, view, settings));
        },
      };
  }
}

async function renderCollected(all: unknown[], view: View, settings: RenderSettings) {
  if (settings.format === 'json') return `${toJson(selectFields(all, settings.fields), 2)}\n`;
  if (settings.format === 'yaml') return toYaml(selectFields(all, settings.fields));
  return renderRows(all, resolveColumns(view, settings.columns, all), settings, true);
}
