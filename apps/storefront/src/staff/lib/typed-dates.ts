/*
 * Times and dates typed as people in Brazil write them (HH:MM, dd/mm/aaaa), never the browser's
 * pickers, which show AM/PM and mm/dd/yyyy on a pt-BR page (docs/decisions/0034, 0051).
 */

/**
 * A time as it is being typed, with its colon put in: '1130' → '11:30', '930' → '09:30' only once
 * complete ('93' stays '93'). Anything that is not a time stays as typed, for the server to refuse
 * beside the field.
 */
export function typedClock(text: string): string {
  const value = text.trim();
  const digits = value.replace(/\D/g, '');
  if (/^\d{4}$/.test(value)) return `${digits.slice(0, 2)}:${digits.slice(2)}`;
  if (/^\d{3}$/.test(value) && Number(value.slice(1)) < 60 && value[0] !== '0' && Number(value[0]) > 2)
    return `0${digits[0]}:${digits.slice(1)}`;
  if (/^\d:\d{2}$/.test(value)) return `0${value}`;
  return value;
}

/** '25/12/2026' → '2026-12-25'; null when it is not a real date. */
export function dateFromTyped(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const at = new Date(`${iso}T12:00:00Z`);
  return at.getUTCFullYear() === year && at.getUTCMonth() + 1 === month && at.getUTCDate() === day
    ? iso
    : null;
}

/** A date as it is being typed, slashes put in: '25122026' → '25/12/2026'. */
export function typedDate(text: string): string {
  if (!/^[\d/]*$/.test(text) || /\/\d?\//.test(text) || /^\d\//.test(text)) return text;
  const digits = text.replace(/\//g, '');
  if (digits.length > 4) return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4, 8)}`;
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits;
}

/** '23:59' → '23:59'; null when it is not a time of the day (24:00, 9:5, 12h). */
export function clockFromTyped(text: string): string | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) <= 23 && Number(match[2]) <= 59 ? `${match[1]}:${match[2]}` : null;
}

/** '2026-12-25' → '25/12/2026'; '' for anything else. */
export function typedFromIsoDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}
