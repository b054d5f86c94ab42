package org.iobench.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;

/**
 * A minimal X.509 v3 certificate for an Ed25519 key, signed by that key (RFC 5280, RFC 8410): what a TLS peer
 * presents. Its name and dates carry no meaning: peers trust the key it holds, not the certificate (see
 * {@link SecretIdentity}). The JDK parses certificates but has no public API to make one; these are the 20 lines of
 * DER it takes.
 */
final class SelfSignedCertificate {
    /** id-Ed25519, 1.3.101.112, as an AlgorithmIdentifier (no parameters). */
    private static final byte[] ED25519 = {0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70};

    private SelfSignedCertificate() {}

    static X509Certificate of(KeyPair keys) throws GeneralSecurityException {
        byte[] name = der(0x30, der(0x31, der(0x30, bytes(der(0x06, new byte[] {0x55, 0x04, 0x03}),
                der(0x0C, "iobench agent or controller".getBytes(StandardCharsets.US_ASCII))))));
        byte[] validity = der(0x30, bytes(der(0x17, "000101000000Z".getBytes(StandardCharsets.US_ASCII)),
                der(0x18, "20991231235959Z".getBytes(StandardCharsets.US_ASCII))));
        byte[] tbs = der(0x30, bytes(der(0xA0, der(0x02, new byte[] {2})), der(0x02, new byte[] {1}), ED25519, name,
                validity, name, keys.getPublic().getEncoded()));
        Signature signer = Signature.getInstance("Ed25519");
        signer.initSign(keys.getPrivate());
        signer.update(tbs);
        byte[] signature = signer.sign();
        byte[] cert = der(0x30, bytes(tbs, ED25519, der(0x03, bytes(new byte[] {0}, signature))));
        return (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(cert));
    }

    /** One DER element: tag, definite length, content. */
    private static byte[] der(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        int n = content.length;
        if (n < 0x80) {
            out.write(n);
        } else if (n < 0x100) {
            out.write(0x81);
            out.write(n);
        } else {
            out.write(0x82);
            out.write(n >> 8);
            out.write(n & 0xFF);
        }
        out.writeBytes(content);
        return out.toByteArray();
    }

    private static byte[] bytes(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
