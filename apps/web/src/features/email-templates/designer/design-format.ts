/**
 * How a design is stored. GrapesJS's project JSON nests two levels per element (a `components`
 * array, then the element), so a mail of tables in tables is 30 to 40 levels deep: deeper than
 * the API accepts in any request body (32, the guard of plugins/errors.ts against hostile JSON).
 * Stored, each element's `components` become references into one flat list of elements, which
 * keeps the JSON shallow whatever the design; loading rebuilds the very same project JSON.
 */
const DESIGN_FORMAT = 'grapesjs-flat';
const DESIGN_FORMAT_VERSION = 1;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface StoredDesign {
  format: typeof DESIGN_FORMAT;
  version: typeof DESIGN_FORMAT_VERSION;
  /** The project JSON, each `components` array replaced by `{ $nodes: [indexes into nodes] }`. */
  project: Record<string, Json>;
  nodes: Json[];
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** The project JSON (editor.getProjectData()) in its stored, shallow form. */
export function packDesign(project: Record<string, unknown>): StoredDesign {
  const nodes: Json[] = [];
  const visit = (value: unknown): Json => {
    if (Array.isArray(value)) return value.map(visit);
    if (!isObject(value)) return (value ?? null) as Json;
    const out: Record<string, Json> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === 'components' && Array.isArray(child)) {
        out[key] = {
          $nodes: child.map((element) => {
            const index = nodes.push(null) - 1;
            nodes[index] = visit(element);
            return index;
          }),
        };
      } else if (child !== undefined) {
        out[key] = visit(child);
      }
    }
    return out;
  };
  return { format: DESIGN_FORMAT, version: DESIGN_FORMAT_VERSION, project: visit(project) as Record<string, Json>, nodes };
}

/**
 * The project JSON of a stored design, for editor.loadProjectData. A design stored as plain
 * project JSON (written by another client) is taken as it is.
 */
export function unpackDesign(stored: Record<string, unknown>): Record<string, unknown> {
  if (stored.format !== DESIGN_FORMAT || !Array.isArray(stored.nodes) || !isObject(stored.project)) return stored;
  const nodes = stored.nodes as unknown[];
  const seen = new Set<number>();
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (!isObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const refs = key === 'components' && isObject(child) && Array.isArray(child.$nodes) ? (child.$nodes as unknown[]) : null;
      out[key] = refs
        ? refs.map((index) => {
            // Each element is used once: a reference loop in a damaged design cannot hang the page.
            if (typeof index !== 'number' || seen.has(index) || !(index in nodes)) return { type: 'text', content: '' };
            seen.add(index);
            return visit(nodes[index]);
          })
        : visit(child);
    }
    return out;
  };
  return visit(stored.project) as Record<string, unknown>;
}
