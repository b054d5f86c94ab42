package org.iobench.cluster;

import java.io.IOException;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.security.interfaces.EdECPrivateKey;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The TLS identity every holder of a secret shares: an Ed25519 key pair whose private key is 32 bytes derived from
 * the secret, in a self-signed certificate. A peer is trusted when, and only when, its certificate holds that
 * public key; TLS 1.3's CertificateVerify then proves it holds the private key, so a handshake completes only
 * between two holders of the secret (mutual authentication: the agent demands a client certificate). Everything
 * after the handshake is encrypted and integrity-protected by TLS 1.3 (AES-GCM or ChaCha20-Poly1305, keys from an
 * ephemeral (EC)DHE exchange: traffic recorded today stays unreadable even if the secret leaks later).
 */
final class SecretIdentity {
    private static final String ALIAS = "iobench";
    private static final String[] PROTOCOLS = {"TLSv1.3"};
    private static final String[] SCHEMES = {"ed25519"};

    private final KeyPair keys;
    private final X509Certificate certificate;
    private final SSLContext context;

    private SecretIdentity(KeyPair keys, X509Certificate certificate, SSLContext context) {
        this.keys = keys;
        this.certificate = certificate;
        this.context = context;
    }

    static SecretIdentity of(ClusterSecret secret) {
        try {
            KeyPair keys = keyPair(secret.derive("tls identity"));
            X509Certificate cert = SelfSignedCertificate.of(keys);
            SSLContext ctx = SSLContext.getInstance("TLSv1.3");
            ctx.init(new KeyManager[] {new OwnKey(keys.getPrivate(), cert)},
                    new TrustManager[] {new PinnedKey(keys.getPublic())}, new SecureRandom());
            return new SecretIdentity(keys, cert, ctx);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK lacks Ed25519 or TLS 1.3: " + e.getMessage(), e);
        }
    }

    /**
     * The Ed25519 key pair of a 32-byte seed (RFC 8032: any 32 bytes are a private key). The JDK derives the public
     * key only while generating a pair, from the bytes its random source gives: so the source gives the key's seed bytes.
     */
    static KeyPair keyPair(byte[] seed) throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("Ed25519");
        g.initialize(NamedParameterSpec.ED25519, new SeedSource(seed));
        KeyPair pair = g.generateKeyPair();
        byte[] got = ((EdECPrivateKey) pair.getPrivate()).getBytes().orElse(new byte[0]);
        if (!Arrays.equals(got, seed)) {
            throw new GeneralSecurityException("the JDK's Ed25519 generator did not take the derived seed");
        }
        return pair;
    }

    PublicKey publicKey() {
        return keys.getPublic();
    }

    X509Certificate certificate() {
        return certificate;
    }

    /** An unbound listening socket that completes handshakes only with holders of the secret. */
    SSLServerSocket unboundServer() throws IOException {
        SSLServerSocket s = (SSLServerSocket) context.getServerSocketFactory().createServerSocket();
        SSLParameters p = s.getSSLParameters();
        p.setProtocols(PROTOCOLS);
        p.setSignatureSchemes(SCHEMES);
        p.setNeedClientAuth(true);
        s.setSSLParameters(p);
        return s;
    }

    /** An unconnected client socket that trusts only holders of the secret. */
    SSLSocket client() throws IOException {
        SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket();
        SSLParameters p = s.getSSLParameters();
        p.setProtocols(PROTOCOLS);
        p.setSignatureSchemes(SCHEMES);
        s.setSSLParameters(p);
        return s;
    }

    /** Gives the key's seed bytes as the only "random" bytes asked for: the key generator's one 32-byte request. */
    private static final class SeedSource extends SecureRandom {
        private final byte[] seed;

        SeedSource(byte[] seed) {
            this.seed = seed.clone();
        }

        @Override
        public void nextBytes(byte[] bytes) {
            if (bytes.length != seed.length) {
                throw new IllegalStateException("asked for " + bytes.length + " bytes, the seed has " + seed.length);
            }
            System.arraycopy(seed, 0, bytes, 0, seed.length);
        }
    }

    /** Presents the one certificate, whatever the peer asks for. */
    private static final class OwnKey extends X509ExtendedKeyManager {
        private final PrivateKey key;
        private final X509Certificate cert;

        OwnKey(PrivateKey key, X509Certificate cert) {
            this.key = key;
            this.cert = cert;
        }

        private static String alias(String keyType) {
            return "EdDSA".equalsIgnoreCase(keyType) || "Ed25519".equalsIgnoreCase(keyType) ? ALIAS : null;
        }

        private static String alias(String[] keyTypes) {
            for (String k : keyTypes) {
                if (alias(k) != null) {
                    return ALIAS;
                }
            }
            return null;
        }

        @Override
        public String[] getClientAliases(String keyType, Principal[] issuers) {
            return alias(keyType) == null ? null : new String[] {ALIAS};
        }

        @Override
        public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
            return alias(keyType);
        }

        @Override
        public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
            return alias(keyType);
        }

        @Override
        public String[] getServerAliases(String keyType, Principal[] issuers) {
            return getClientAliases(keyType, issuers);
        }

        @Override
        public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
            return alias(keyType);
        }

        @Override
        public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
            return alias(keyType);
        }

        @Override
        public X509Certificate[] getCertificateChain(String alias) {
            return ALIAS.equals(alias) ? new X509Certificate[] {cert} : null;
        }

        @Override
        public PrivateKey getPrivateKey(String alias) {
            return ALIAS.equals(alias) ? key : null;
        }
    }

    /** Trusts a peer whose certificate holds the secret's public key; no names, dates or authorities matter. */
    private static final class PinnedKey extends X509ExtendedTrustManager {
        private final byte[] expected;

        PinnedKey(PublicKey expected) {
            this.expected = expected.getEncoded();
        }

        private void check(X509Certificate[] chain) throws CertificateException {
            if (chain == null || chain.length == 0
                    || !MessageDigest.isEqual(chain[0].getPublicKey().getEncoded(), expected)) {
                throw new CertificateException("the peer's key is not this secret's (another secret?)");
            }
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            check(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            check(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
