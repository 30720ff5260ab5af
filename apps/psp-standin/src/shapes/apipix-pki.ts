import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';

/*
 * The API Pix listener's test PKI, made anew at each start: a CA, the listener's certificate for
 * 127.0.0.1 and localhost, and one client certificate for merchants. Bank PSPs hand each merchant
 * a client certificate of their own CA and refuse, during the TLS handshake, any connection that
 * does not present one; this PKI lets the stand-in do the same on loopback.
 *
 * Keys come from Node's own RSA generator (native, faster than JavaScript); node-forge only assembles and signs the
 * X.509 certificates, which Node's crypto cannot do. Validity follows the real clock, not the
 * stand-in's `now`, because TLS checks certificates against the machine's clock.
 */

export interface ApiPixPki {
  caPem: string;
  serverCertPem: string;
  serverKeyPem: string;
  clientCertPem: string;
  clientKeyPem: string;
}

interface KeyPair {
  /** PKCS#8 PEM, as Node's TLS takes it. */
  pem: string;
  forgePrivate: forge.pki.rsa.PrivateKey;
  forgePublic: forge.pki.rsa.PublicKey;
}

const generateRsa = promisify(generateKeyPair);

async function keyPair(): Promise<KeyPair> {
  // 2048 bits: the least OpenSSL's default security level accepts for TLS.
  const { privateKey, publicKey } = await generateRsa('rsa', { modulusLength: 2048 });
  return {
    pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    forgePrivate: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    forgePublic: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

// RFC 5280 4.1.2.2: a positive serial of at most 20 octets; the leading 0x01 keeps it positive.
const serialNumber = () => `01${randomBytes(15).toString('hex')}`;

const DAY_MS = 86_400_000;

function certificate(options: {
  subject: string;
  keys: KeyPair;
  issuer: { subject: string; keys: KeyPair } | null;
  extensions: object[];
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = options.keys.forgePublic;
  cert.serialNumber = serialNumber();
  // A day back tolerates a client whose clock is a little behind; a year ahead outlives any demo.
  cert.validity.notBefore = new Date(Date.now() - DAY_MS);
  cert.validity.notAfter = new Date(Date.now() + 365 * DAY_MS);
  const subject = [
    { name: 'organizationName', value: 'Comanda PSP stand-in' },
    { name: 'commonName', value: options.subject },
  ];
  cert.setSubject(subject);
  cert.setIssuer(
    options.issuer
      ? [
          { name: 'organizationName', value: 'Comanda PSP stand-in' },
          { name: 'commonName', value: options.issuer.subject },
        ]
      : subject,
  );
  cert.setExtensions([...options.extensions, { name: 'subjectKeyIdentifier' }]);
  cert.sign((options.issuer ?? options).keys.forgePrivate, forge.md.sha256.create());
  return cert;
}

export async function createApiPixPki(): Promise<ApiPixPki> {
  const caName = 'Comanda PSP stand-in test CA';
  // Generated side by side on libuv's pool: RSA generation is most of the start-up time.
  const [caKeys, serverKeys, clientKeys] = await Promise.all([keyPair(), keyPair(), keyPair()]);
  const ca = certificate({
    subject: caName,
    keys: caKeys,
    issuer: null,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const issuer = { subject: caName, keys: caKeys };

  const server = certificate({
    subject: '127.0.0.1',
    keys: serverKeys,
    issuer,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      // Type 7 is an IP address, type 2 a DNS name (RFC 5280 4.2.1.6).
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });

  const client = certificate({
    subject: 'Comanda merchant',
    keys: clientKeys,
    issuer,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', clientAuth: true },
    ],
  });

  return {
    caPem: forge.pki.certificateToPem(ca),
    serverCertPem: forge.pki.certificateToPem(server),
    serverKeyPem: serverKeys.pem,
    clientCertPem: forge.pki.certificateToPem(client),
    clientKeyPem: clientKeys.pem,
  };
}
