package org.iobench.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret an agent and its controllers share: the key of the HMAC-SHA256 signature on every message, and the
 * source of the Hazelcast cluster name (so a member or client without the secret is not let in, and the secret
 * itself never travels). The secret is the text of the secret file, surrounding white space removed; at least
 * {@value #MIN_LENGTH} characters.
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

    /** {@code iobench-} and 24 hex digits of the HMAC of a fixed label: equal secrets, equal names. */
    public String clusterName() {
        return "iobench-" + sign("iobench cluster name").substring(0, 24);
    }

    /** The HMAC-SHA256 of {@code body} (UTF-8), 64 lower-case hex digits. */
    public String sign(String body) {
        return HexFormat.of().formatHex(mac(body));
    }

    /** True when {@code signature} is this secret's signature of {@code body}; compared in constant time. */
    public boolean verify(String body, String signature) {
        if (signature == null || signature.length() != 64) {
            return false;
        }
        byte[] given;
        try {
            given = HexFormat.of().parseHex(signature);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(mac(body), given);
    }

    private byte[] mac(String body) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(body.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    @Override
    public String toString() {
        return "ClusterSecret[hidden]";
    }
}
