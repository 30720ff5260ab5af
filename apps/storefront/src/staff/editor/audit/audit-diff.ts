/*
 * What a saved section changed, read from the audit log's before and after (docs/decisions/0032):
 * pure, so the history screen only words it. Lists are matched by what names their items (a
 * product's ref, a coupon's code, a shift's day and turn), not by position, so a product added at
 * the top reads as one product added and not as every product below it changed.
 */

type Plain = Record<string, unknown>;

export interface AuditChange {
  kind: 'changed' | 'added' | 'removed' | 'reordered';
  /** Names of the listed things the change sits in, outermost first: ['Pizzas', 'Pizza Margherita']. */
  where: string[];
  /** The field's own key ('valor_venda', 'primary_color'); for a whole item added or removed, the list's key. */
  field: string;
  before: unknown;
  after: unknown;
  /** The name of the item added or removed (null for other changes, or an item without one). */
  item: string | null;
  /** The object the field belongs to (after the change, or before when it left): a field read with its siblings (a coupon's valor with perc). */
  holder: Plain | null;
}

export interface AuditDiffOptions {
  /** A listed item's name; the default reads descricao, nome, name, code or ref. */
  label?: (item: Plain, list: string) => string | null;
}

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What identifies an item of a list of the document, or null when its place does. */
function identity(item: Plain): string | null {
  if (typeof item.ref === 'string') return `ref:${item.ref}`;
  if (typeof item.code === 'string') return `code:${item.code.toUpperCase()}`;
  if (typeof item.id === 'number') return `id:${item.id}`;
  if (typeof item.dia_semana === 'number' && typeof item.turno === 'number')
    return `shift:${item.dia_semana}/${item.turno}`;
  if (typeof item.group === 'string') return `group:${item.group}`;
  if (typeof item.name === 'string') return `name:${item.name}`;
  if (typeof item.up_to_metres === 'number') return `tier:${item.up_to_metres}`;
  return null;
}

export function defaultLabel(item: Plain): string | null {
  for (const key of ['descricao', 'nome', 'name', 'code', 'ref'])
    if (typeof item[key] === 'string' && (item[key] as string).trim() !== '')
      return (item[key] as string).trim();
  return null;
}

/** Every change from `before` to `after` (two section bodies, or any part of them). */
export function auditChanges(before: unknown, after: unknown, options: AuditDiffOptions = {}): AuditChange[] {
  const label = options.label ?? defaultLabel;
  const out: AuditChange[] = [];

  const walk = (b: unknown, a: unknown, where: string[], field: string, holder: Plain | null) => {
    if (same(b, a)) return;
    if ((isPlain(b) || b == null) && (isPlain(a) || a == null) && (isPlain(b) || isPlain(a))) {
      // An object (the settings, the look, the loyalty program): field by field; one that appears
      // or goes away whole (a loyalty program created) reads as its fields set or cleared.
      const bo = isPlain(b) ? b : {};
      const ao = isPlain(a) ? a : {};
      const keys = [...new Set([...Object.keys(ao), ...Object.keys(bo)])];
      for (const key of keys) walk(bo[key], ao[key], where, key, isPlain(a) ? ao : bo);
      return;
    }
    if (Array.isArray(b) && Array.isArray(a) && [...b, ...a].every(isPlain) && [...b, ...a].length > 0) {
      const items = [...(b as Plain[]), ...(a as Plain[])];
      if (items.every((item) => identity(item) !== null)) {
        const before = new Map((b as Plain[]).map((item) => [identity(item)!, item]));
        const after = new Map((a as Plain[]).map((item) => [identity(item)!, item]));
        for (const [id, item] of after) {
          const name = label(item, field);
          const old = before.get(id);
          if (!old)
            out.push({ kind: 'added', where, field, item: name, before: null, after: item, holder: item });
          else walk(old, item, name ? [...where, name] : where, '', item);
        }
        for (const [id, item] of before)
          if (!after.has(id))
            out.push({
              kind: 'removed',
              where,
              field,
              item: label(item, field),
              before: item,
              after: null,
              holder: item,
            });
        const kept = (list: Map<string, Plain>, other: Map<string, Plain>) =>
          [...list.keys()].filter((id) => other.has(id));
        if (!same(kept(before, after), kept(after, before)))
          out.push({ kind: 'reordered', where, field, item: null, before: null, after: null, holder: null });
        return;
      }
      // Items without a name of their own: by place.
      const length = Math.max(b.length, a.length);
      for (let i = 0; i < length; i++) {
        const old = b[i] as Plain | undefined;
        const item = a[i] as Plain | undefined;
        if (!old && item)
          out.push({
            kind: 'added',
            where,
            field,
            item: label(item, field),
            before: null,
            after: item,
            holder: item,
          });
        else if (old && !item)
          out.push({
            kind: 'removed',
            where,
            field,
            item: label(old, field),
            before: old,
            after: null,
            holder: old,
          });
        else walk(old, item, [...where, label(item!, field) ?? `${i + 1}`], '', item!);
      }
      return;
    }
    out.push({ kind: 'changed', where, field, item: null, before: b ?? null, after: a ?? null, holder });
  };

  walk(before, after, [], '', null);
  return out;
}
