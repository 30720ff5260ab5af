import type { PictureReply } from '@comanda/contract';
import { useId, useState } from 'react';
import { useLanguage } from '../../../lib/preferences.ts';
import { StaffApiError } from '../../lib/staff-api.ts';
import { useIssue } from '../fields.tsx';
import { useMenuEditor } from './menu-editor-context.ts';
import { type MenuT, useMenuT } from './menu-texts.ts';
import { uploadPictureWithProgress } from './picture-upload.ts';

type Upload = { kind: 'idle' } | { kind: 'sending'; sent: number } | { kind: 'failed'; message: string };

/** What a refused upload says: the server's Portuguese, or the code's own words in English. */
export function uploadRefusal(caught: unknown, t: MenuT, language: string): string {
  if (!(caught instanceof StaffApiError) || caught.status === 0) return t('pictureNetwork');
  const code =
    caught.code ??
    (caught.status === 413 ? 'PICTURE_TOO_LARGE' : caught.status === 415 ? 'PICTURE_NOT_AN_IMAGE' : null);
  if (language === 'pt_br' && caught.code && caught.detail) return caught.detail;
  switch (code) {
    case 'PICTURE_TOO_LARGE':
      return t('pictureTooLarge');
    case 'PICTURE_NOT_AN_IMAGE':
      return t('pictureNotAnImage');
    case 'PICTURE_TOO_SMALL':
      return t('pictureTooSmall');
    case 'PICTURE_STORAGE_UNAVAILABLE':
      return t('pictureStorage');
    default:
      return t('pictureFailed', { detail: caught.detail || String(caught.status) });
  }
}

/**
 * A product's picture: taken with the phone's camera or picked from its gallery (the choice is the
 * phone's: `capture` is not forced), sent with its progress, checked and cut by the server, which
 * gives the dialog's picture and the menu row's square one. Nothing changes for customers until the
 * menu is saved.
 */
export function PictureField({
  label,
  url,
  path,
  onUploaded,
  onRemove,
}: {
  label: string;
  url: string | null;
  path: string;
  onUploaded: (picture: PictureReply) => void;
  onRemove: () => void;
}) {
  const t = useMenuT();
  const language = useLanguage();
  const id = useId();
  const { canEdit, rememberSrcset, srcsetOf } = useMenuEditor();
  const issue = useIssue(path);
  const [upload, setUpload] = useState<Upload>({ kind: 'idle' });
  const sending = upload.kind === 'sending';

  const send = async (file: File) => {
    setUpload({ kind: 'sending', sent: 0 });
    try {
      const picture = await uploadPictureWithProgress(file, 'product', (sent) =>
        setUpload({ kind: 'sending', sent }),
      );
      rememberSrcset(picture.url, picture.srcset);
      if (picture.thumbnail) rememberSrcset(picture.thumbnail.url, picture.thumbnail.srcset);
      onUploaded(picture);
      setUpload({ kind: 'idle' });
    } catch (caught) {
      setUpload({ kind: 'failed', message: uploadRefusal(caught, t, language) });
    }
  };

  const srcset = srcsetOf(url);
  return (
    <div className="editor-field menu-picture" data-invalid={issue ? true : undefined}>
      <span className="menu-picture-label" id={`${id}-label`}>
        {label}
      </span>
      {url ? (
        <img
          className="menu-picture-image"
          src={url}
          srcSet={srcset ?? undefined}
          sizes={srcset ? '(min-width: 640px) 600px, 100vw' : undefined}
          alt={t('currentPicture')}
        />
      ) : (
        <p className="menu-picture-none">{t('noPicture')}</p>
      )}
      {canEdit ? (
        <div className="editor-actions">
          <label className={`button button-secondary menu-picture-pick${sending ? ' is-busy' : ''}`}>
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              disabled={sending}
              aria-describedby={`${id}-hint${upload.kind === 'failed' ? ` ${id}-error` : ''}`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void send(file);
              }}
            />
            {url ? t('changePicture') : t('addPicture')}
          </label>
          {url ? (
            <button type="button" className="button button-secondary" disabled={sending} onClick={onRemove}>
              {t('removePicture')}
            </button>
          ) : null}
        </div>
      ) : null}
      {sending ? (
        <div className="menu-progress" role="status">
          <progress max={1} value={upload.sent} aria-labelledby={`${id}-progress`} />
          <span id={`${id}-progress`}>{t('pictureSending', { percent: Math.round(upload.sent * 100) })}</span>
        </div>
      ) : null}
      {upload.kind === 'failed' ? (
        <p id={`${id}-error`} className="editor-issue" role="alert">
          {upload.message}
        </p>
      ) : null}
      {issue ? <p className="editor-issue">{issue}</p> : null}
      {canEdit ? (
        <p id={`${id}-hint`} className="editor-hint">
          {t('pictureHint')}
        </p>
      ) : null}
    </div>
  );
}
