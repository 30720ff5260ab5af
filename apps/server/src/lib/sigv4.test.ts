import { describe, expect, it } from 'vitest';
import { amzDate, EMPTY_PAYLOAD_HASH, sha256Hex, signV4, uriEncode } from './sigv4.ts';

/*
 * The examples of AWS's "Signature Calculations for the Authorization Header: Transferring Payload
 * in a Single Chunk" (Amazon S3 API Reference): the same credentials, date and requests give the
 * canonical requests, strings to sign and signatures published there.
 */
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 's3',
};
const at = new Date('2013-05-24T00:00:00Z');

describe('AWS Signature Version 4', () => {
  it('GET Object: the first 10 bytes of test.txt', () => {
    const signed = signV4(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      credentials,
      at,
    );
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_PAYLOAD_HASH}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_PAYLOAD_HASH,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n' +
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUT Object: test$file.text with its body, a date header and a storage class', () => {
    const payloadHash = sha256Hex('Welcome to Amazon S3.');
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signV4(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash,
      },
      credentials,
      at,
    );
    expect(signed.canonicalRequest.split('\n').slice(0, 2)).toEqual(['PUT', '/test%24file.text']);
    expect(signed.stringToSign.split('\n')[3]).toBe(
      '9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d',
    );
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
    expect(signed.headers.authorization).toContain(
      'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,',
    );
  });

  it('GET Bucket (list objects): the query, sorted and encoded', () => {
    const signed = signV4(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J'),
        headers: {},
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      credentials,
      at,
    );
    expect(signed.canonicalRequest.split('\n').slice(0, 3)).toEqual(['GET', '/', 'max-keys=2&prefix=J']);
    expect(signed.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('encodes paths the S3 way: unreserved characters and slashes kept, the rest as UTF-8 bytes', () => {
    expect(uriEncode('stores/pizzaria/p/a b+c$~.webp', true)).toBe('stores/pizzaria/p/a%20b%2Bc%24~.webp');
    expect(uriEncode('a/b', false)).toBe('a%2Fb');
    expect(uriEncode('pão', true)).toBe('p%C3%A3o');
    expect(amzDate(new Date('2026-05-05T15:04:05.678Z'))).toBe('20260505T150405Z');
  });
});
