package org.iobench.session;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * One-line reasons for file errors, worded like the C library's messages ("no such file or directory",
 * "permission denied", "is a directory"), so that every command says the same thing about the same failure.
 * {@link java.nio.file.NoSuchFileException#getMessage()} is only the path: the reason comes from the type.
 */
public final class IoReasons {
    private IoReasons() {}

    /** The reason alone, in lower case: {@code "no space left on device"}. */
    public static String reason(IOException e) {
        return switch (e) {
            case NoSuchFileException x -> "no such file or directory";
            case AccessDeniedException x -> "permission denied";
            case NotDirectoryException x -> "not a directory";
            case FileAlreadyExistsException x -> "already exists";
            case FileSystemException x when x.getReason() != null -> lowerFirst(x.getReason());
            default -> lowerFirst(firstLine(e.getMessage())); // strerror text: "No space left on device"
        };
    }

    /** The file (when the exception names one) and the reason: {@code "/x/out.json: permission denied"}. */
    public static String describe(IOException e) {
        if (e instanceof FileSystemException f && f.getFile() != null) {
            return f.getFile() + ": " + reason(e);
        }
        return reason(e);
    }

    public static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "unknown error";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    private static String lowerFirst(String s) {
        // "Is a directory" -> "is a directory"; keep acronyms such as "EIO ..." as they are
        return s.length() > 1 && Character.isUpperCase(s.charAt(0)) && Character.isLowerCase(s.charAt(1))
                ? Character.toLowerCase(s.charAt(0)) + s.substring(1) : s;
    }
}
