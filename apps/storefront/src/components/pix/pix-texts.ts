import type { Vars } from '../../lib/i18n.ts';

/**
 * The words the PIX blocks need, given by the screen that shows them (the customer's /pix_checkout,
 * a table share's PIX dialog), each in its own feature's texts under these keys.
 */
export type PixTextKey =
  | 'pixTimeLeft'
  | 'pixValidUntil'
  | 'pixOneMinute'
  | 'pixCopyLabel'
  | 'pixCopy'
  | 'pixCopied'
  | 'pixCopiedNotice'
  | 'pixCopyFailed';

export type PixT = (key: PixTextKey, vars?: Vars) => string;
