// A certificate authority made at run time for the offline world's HTTPS sites. Keys come from
// node:crypto (native, fast); node-forge only builds and signs the X.509 structures.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface IssuedCertificate {
  certPem: string;
  keyPem: string;
}

export interface CertificateAuthority {
  certPem: string;
  /** A leaf for these DNS names and IP addresses, signed by this CA (valid from an hour ago for `days`). */
  issue(options: { names?: string[]; ips?: string[]; days?: number; notAfter?: Date }): IssuedCertificate;
}

function rsaKeyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

function serialNumber(): string {
  // Positive: the leading byte's high bit is clear.
  return `01${randomBytes(15).toString('hex')}`;
}

export function createCertificateAuthority({ commonName = 'Company Intel Test World CA' } = {}): CertificateAuthority {
  const caKeys = rsaKeyPair();
  const caKey = forge.pki.privateKeyFromPem(caKeys.privatePem);
  const ca = forge.pki.createCertificate();
  ca.publicKey = forge.pki.publicKeyFromPem(caKeys.publicPem);
  ca.serialNumber = serialNumber();
  ca.validity.notBefore = new Date(Date.now() - 3_600_000);
  ca.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Offline test world' },
  ];
  ca.setSubject(subject);
  ca.setIssuer(subject);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  ca.sign(caKey, forge.md.sha256.create());
  const certPem = forge.pki.certificateToPem(ca);

  // One key for every leaf: only the certificates differ between hosts.
  const leafKeys = rsaKeyPair();
  const leafPublicKey = forge.pki.publicKeyFromPem(leafKeys.publicPem);

  function issue({ names = [], ips = [], days = 7, notAfter }: { names?: string[]; ips?: string[]; days?: number; notAfter?: Date }): IssuedCertificate {
    const leaf = forge.pki.createCertificate();
    leaf.publicKey = leafPublicKey;
    leaf.serialNumber = serialNumber();
    leaf.validity.notBefore = new Date(Date.now() - 3_600_000);
    leaf.validity.notAfter = notAfter ?? new Date(Date.now() + days * 86_400_000);
    leaf.setSubject([{ name: 'commonName', value: names[0] ?? ips[0] ?? 'world' }]);
    leaf.setIssuer(ca.subject.attributes);
    leaf.setExtensions([
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [...names.map((value) => ({ type: 2, value })), ...ips.map((ip) => ({ type: 7, ip }))] },
      { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
    ]);
    leaf.sign(caKey, forge.md.sha256.create());
    return { certPem: forge.pki.certificateToPem(leaf), keyPem: leafKeys.privatePem };
  }

  return { certPem, issue };
}
