package org.iobench.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret an agent and its controllers share, the text of the secret file with surrounding white space removed
 * (at least {@value #MIN_LENGTH} characters). Nothing else is configured: every key is derived from it with
 * HMAC-SHA256 under a fixed label ({@link #derive}), so the TLS identity and the message key differ and neither
 * reveals the secret, which itself never travels.
 */
public final class ClusterSecret {
    public static final int MIN_LENGTH = 16;
    private static final String ALGORITHM = "HmacSHA256";

    private final String text;
    private final SecretKeySpec key;

    private ClusterSecret(String text) {
        this.text = text;
        this.key = new SecretKeySpec(text.getBytes(StandardCharsets.UTF_8), ALGORITHM);
    }

    /** @throws IllegalArgumentException naming the problem when the text is too short to be a secret */
    public static ClusterSecret of(String text) {
        String t = text.strip();
        if (t.length() < MIN_LENGTH) {
            throw new IllegalArgumentException("the secret has " + t.length() + " characters; at least "
                    + MIN_LENGTH + " are needed");
        }
        return new ClusterSecret(t);
    }

    /** Reads a secret file; see {@link #of}. */
    public static ClusterSecret read(Path file) throws IOException {
        return of(Files.readString(file, StandardCharsets.UTF_8));
    }

    /** 32 random bytes from a {@link SecureRandom}, as 43 characters of unpadded base64url. */
    public static ClusterSecret generate() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return new ClusterSecret(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /** The secret as written in a secret file. */
    public String text() {
        return text;
    }

    /** 32 bytes for {@code purpose}: HMAC-SHA256 of the label under the secret (HKDF's expand step, one block). */
    byte[] derive(String purpose) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(("iobench " + purpose + " v1").getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    @Override
    public String toString() {
        return "ClusterSecret[hidden]";
    }
}
