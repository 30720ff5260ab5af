import { PICTURE_MAX_BYTES, PICTURE_TYPES, type PictureKind, type PictureReply } from '@comanda/contract';
import { useId, useState } from 'react';
import { featureTranslator } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/preferences.ts';
import { StaffApiError } from '../../lib/staff-api.ts';
import { uploadPicture } from '../editor-api.ts';
import { useIssue } from '../fields.tsx';

const usePictureT = featureTranslator({
  pt_br: {
    choose: 'Enviar foto',
    replace: 'Trocar foto',
    remove: 'Remover',
    uploading: 'Enviando…',
    none: 'Nenhuma',
    uploaded: 'Foto enviada. Salve para os clientes verem.',
    accepts: 'JPEG, PNG, WebP ou AVIF, até {mb} MB.',
    PICTURE_TOO_LARGE: 'A foto passa de {mb} MB. Envie uma foto menor.',
    PICTURE_NOT_AN_IMAGE: 'O arquivo não é uma foto. Envie uma foto JPEG, PNG, WebP ou AVIF.',
    PICTURE_TOO_SMALL: 'A foto é pequena demais: precisa de pelo menos 200 × 200 pixels.',
    failed: 'Não foi possível enviar a foto: {detail}',
  },
  en: {
    choose: 'Upload photo',
    replace: 'Replace photo',
    remove: 'Remove',
    uploading: 'Uploading…',
    none: 'None',
    uploaded: 'Photo uploaded. Save for customers to see it.',
    accepts: 'JPEG, PNG, WebP or AVIF, up to {mb} MB.',
    PICTURE_TOO_LARGE: 'The photo is over {mb} MB. Send a smaller one.',
    PICTURE_NOT_AN_IMAGE: 'The file is not a photo. Send a JPEG, PNG, WebP or AVIF photo.',
    PICTURE_TOO_SMALL: 'The photo is too small: it needs at least 200 × 200 pixels.',
    failed: 'Could not upload the photo: {detail}',
  },
});

const MB = PICTURE_MAX_BYTES / 1024 / 1024;
const KNOWN = ['PICTURE_TOO_LARGE', 'PICTURE_NOT_AN_IMAGE', 'PICTURE_TOO_SMALL'] as const;

/** Why a file will not do, before sending it: too heavy, or a type the server never takes (HEIC, GIF, PDF). */
export function pictureFileProblem(file: { size: number; type: string }): (typeof KNOWN)[number] | null {
  if (file.size > PICTURE_MAX_BYTES) return 'PICTURE_TOO_LARGE';
  // An empty type (some Android galleries) is left to the server, which reads the content.
  if (file.type && !(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'PICTURE_NOT_AN_IMAGE';
  return null;
}

/**
 * A picture of the look (the logo, the header): what the store has, a button to upload another
 * (sent at once; the store changes only when the section is saved) and one to remove it. A
 * refused file is said beside the field and changes nothing.
 */
export function PictureField({
  label,
  hint,
  path,
  kind,
  value,
  round = false,
  onUploaded,
  onRemove,
}: {
  label: string;
  hint?: string;
  path: string;
  kind: PictureKind;
  value: string | null;
  round?: boolean;
  onUploaded: (picture: PictureReply) => void;
  onRemove: () => void;
}) {
  const t = usePictureT();
  const language = useLanguage();
  const id = useId();
  const serverIssue = useIssue(path);
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'uploading' } | { kind: 'uploaded' } | { kind: 'refused'; text: string }
  >({ kind: 'idle' });
  const problem = state.kind === 'refused' ? state.text : serverIssue;

  const send = async (file: File) => {
    const known = pictureFileProblem(file);
    if (known) return setState({ kind: 'refused', text: t(known, { mb: MB }) });
    setState({ kind: 'uploading' });
    try {
      onUploaded(await uploadPicture(file, kind));
      setState({ kind: 'uploaded' });
    } catch (caught) {
      if (caught instanceof StaffApiError) {
        const code = KNOWN.find((candidate) => candidate === caught.code);
        // The server says it in Portuguese; in English, the code's own words.
        const text = language === 'pt_br' || !code ? caught.detail : t(code, { mb: MB });
        return setState({ kind: 'refused', text: code ? text : t('failed', { detail: text }) });
      }
      setState({ kind: 'refused', text: t('failed', { detail: String(caught) }) });
    }
  };

  return (
    <div className="editor-field picture-field" data-invalid={problem ? true : undefined}>
      <span className="picture-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="picture-row">
        {value ? (
          <img
            className={round ? 'picture-thumb picture-round' : 'picture-thumb'}
            src={value}
            alt=""
            width={round ? 64 : 160}
            height={64}
          />
        ) : (
          <span
            className={round ? 'picture-thumb picture-round picture-empty' : 'picture-thumb picture-empty'}
          >
            {t('none')}
          </span>
        )}
        <div className="editor-actions">
          <label
            className="button button-secondary button-small picture-choose"
            aria-busy={state.kind === 'uploading'}
          >
            {state.kind === 'uploading' ? t('uploading') : value ? t('replace') : t('choose')}
            <input
              id={id}
              type="file"
              className="sr-only"
              accept={PICTURE_TYPES.join(',')}
              aria-labelledby={`${id}-label ${id}-choose`}
              aria-describedby={`${id}-more`}
              aria-invalid={problem ? true : undefined}
              disabled={state.kind === 'uploading'}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void send(file);
              }}
            />
            <span id={`${id}-choose`} hidden>
              {value ? t('replace') : t('choose')}
            </span>
          </label>
          {value ? (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={`${t('remove')}: ${label}`}
              onClick={() => {
                setState({ kind: 'idle' });
                onRemove();
              }}
            >
              {t('remove')}
            </button>
          ) : null}
        </div>
      </div>
      <div id={`${id}-more`}>
        {problem ? (
          <p className="editor-issue" role="alert">
            {problem}
          </p>
        ) : state.kind === 'uploaded' ? (
          <p className="editor-hint" role="status">
            {t('uploaded')}
          </p>
        ) : (
          <p className="editor-hint">
            {hint ? `${hint} ` : ''}
            {t('accepts', { mb: MB })}
          </p>
        )}
      </div>
    </div>
  );
}
