/**
 * React's controlled fields under Preact (docs/decisions/0075). React puts a field's rendered value
 * back after every keystroke; Preact only when the component renders again, so a field whose
 * handler turns a keystroke down (a letter in a digits-only code, a 5th digit in a 4-digit one)
 * would keep showing what was typed. After each input event, once the renders it caused have run,
 * a controlled field that shows something other than its last rendered value gets it back.
 */
import { options } from 'preact';

/** The DOM element of a vnode, by Preact 11's own (mangled) property name. */
const VNODE_DOM = '__e';
const RENDERED_VALUE = Symbol('rendered value');

type ControlledField = (HTMLInputElement | HTMLTextAreaElement) & { [RENDERED_VALUE]?: string };

let installed = false;

export function keepControlledFieldsControlled(): void {
  if (installed) return;
  installed = true;

  const previousDiffed = options.diffed;
  options.diffed = (vnode) => {
    previousDiffed?.(vnode);
    if (vnode.type !== 'input' && vnode.type !== 'textarea') return;
    const props = vnode.props as { value?: unknown };
    const field = (vnode as unknown as Record<string, unknown>)[VNODE_DOM] as ControlledField | undefined;
    if (!field) return;
    if (props.value == null) delete field[RENDERED_VALUE];
    else field[RENDERED_VALUE] = String(props.value);
  };

  const previousEvent = options.event;
  options.event = (event) => {
    const handled = previousEvent ? previousEvent(event) : event;
    if (event.type === 'input') {
      const field = event.currentTarget as ControlledField | null;
      if (field && RENDERED_VALUE in field) {
        // Two turns: the handler's state change queues its render on the first.
        queueMicrotask(() =>
          queueMicrotask(() => {
            const rendered = field[RENDERED_VALUE];
            if (rendered !== undefined && field.value !== rendered) field.value = rendered;
          }),
        );
      }
    }
    return handled;
  };
}
