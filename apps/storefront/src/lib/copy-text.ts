/**
 * Copies `text`: the Clipboard API where the page may use it (a secure context, with the page
 * focused), else the selected field and the older copy command, which some in-app browsers still
 * need. False when neither worked: the customer copies by hand from the field.
 */
export async function copyText(
  text: string,
  field: HTMLInputElement | HTMLTextAreaElement | null,
): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, no focus): try the field below.
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
