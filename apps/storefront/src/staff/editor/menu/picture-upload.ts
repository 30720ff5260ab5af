import type { PictureKind, PictureReply } from '@comanda/contract';
import { StaffApiError, setStaffToken, staffToken } from '../../lib/staff-api.ts';

/**
 * POST /staff/editor/pictures with the file's bytes, reporting how much has been sent (a phone
 * photo is megabytes on a mobile connection; fetch cannot tell upload progress, XMLHttpRequest
 * can). The server reads the type from the content and answers 413 / 415 / 400 with its reasons.
 */
export function uploadPictureWithProgress(
  file: Blob,
  kind: PictureKind,
  onProgress: (sent: number) => void,
): Promise<PictureReply> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/staff/editor/pictures?kind=${kind}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    const token = staffToken.get();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = request.responseText;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body as PictureReply);
        return;
      }
      if (request.status === 401) setStaffToken(null);
      const error = (typeof body === 'object' && body !== null ? body : {}) as {
        code?: string;
        detail?: string;
      };
      reject(new StaffApiError(request.status, error.code ?? null, error.detail ?? request.statusText, body));
    };
    request.onerror = () => reject(new StaffApiError(0, null, '', null));
    request.send(file);
  });
}
