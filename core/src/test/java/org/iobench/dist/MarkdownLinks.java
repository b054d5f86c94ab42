package org.iobench.dist;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The links of the README and docs/ that do not resolve in a tree ({@code README.md} beside {@code docs/}: the source
 * tree's root or the unpacked release archive): a relative link must name a file of that tree under the README's
 * directory or docs/ (the archive holds nothing else of the source tree), and an anchor ({@code #live-progress},
 * {@code options.md#engines}) a heading of its file, spelled as GitHub spells heading ids.
 */
final class MarkdownLinks {
    private static final Pattern LINK = Pattern.compile("(?<!!)\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

    private MarkdownLinks() {}

    /** The Markdown files checked: {@code root/README.md} and every {@code .md} under {@code root/docs}. */
    static List<Path> files(Path root) {
        List<Path> out = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Every link of {@link #files} that does not resolve, as {@code docs/a.md: target (why)}; empty when all do. */
    static List<String> broken(Path root) {
        List<String> out = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        Path docs = root.resolve("docs").normalize();
        for (Path file : files(root)) {
            String where = root.relativize(file).toString();
            for (String link : links(read(file))) {
                if (link.matches("[a-z][a-z0-9+.-]*:.*")) {
                    continue; // https:, mailto: ... are not files of the tree
                }
                int hash = link.indexOf('#');
                String path = hash < 0 ? link : link.substring(0, hash);
                String anchor = hash < 0 ? null : link.substring(hash + 1);
                Path target = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
                boolean inTree = target.equals(root.resolve("README.md").normalize()) || target.startsWith(docs);
                if (!inTree) {
                    out.add(where + ": " + link + " (outside README.md and docs/, which the release archive ships)");
                } else if (!Files.exists(target)) {
                    out.add(where + ": " + link + " (no such file)");
                } else if (anchor != null && !anchors.computeIfAbsent(target, t -> headingIds(read(t)))
                        .contains(anchor)) {
                    out.add(where + ": " + link + " (no heading #" + anchor + " in " + root.relativize(target) + ")");
                }
            }
        }
        return out;
    }

    /** The link targets of {@code markdown} outside code blocks and inline code. */
    static List<String> links(String markdown) {
        List<String> out = new ArrayList<>();
        for (String line : prose(markdown)) {
            Matcher m = LINK.matcher(line.replaceAll("`[^`]*`", ""));
            while (m.find()) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    /** The ids GitHub gives the headings of {@code markdown}: {@code "## fio's JSON (--output-format=json)"} is
     * {@code fios-json---output-formatjson}; a repeated heading gets {@code -1}, {@code -2}... */
    static Set<String> headingIds(String markdown) {
        Set<String> out = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(markdown)) {
            Matcher m = HEADING.matcher(line);
            if (m.matches()) {
                String id = m.group(1).replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
                int n = seen.merge(id, 1, Integer::sum) - 1;
                out.add(n == 0 ? id : id + "-" + n);
            }
        }
        return out;
    }

    private static List<String> prose(String markdown) {
        List<String> out = new ArrayList<>();
        boolean fenced = false;
        for (String line : markdown.lines().toList()) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced) {
                out.add(line);
            }
        }
        return out;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
