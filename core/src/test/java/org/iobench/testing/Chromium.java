package org.iobench.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's chromium, headless, without network or sandbox, for tests of the report page: the DOM after the page's
 * script ran, its self-check, and screenshots. Tests that need it skip (with the reason) where it is missing.
 */
public final class Chromium {
    private static final Path BINARY = Path.of("/usr/bin/chromium");

    private final Path profiles;
    private String dom = "";

    /** @param scratch a test's temporary directory (browser profiles go there) */
    public Chromium(Path scratch) {
        assumeTrue(Files.isExecutable(BINARY), BINARY + " is not installed (apt-get install chromium); .ci/run"
                + " installs it and fails if this test was skipped");
        this.profiles = scratch;
    }

    /** The DOM of the last {@link #selfCheck} (after the page's script ran). */
    public String dom() {
        return dom;
    }

    /**
     * The page's self-check from its DOM: {@code {charts, canvases, drawn, sections, tables, errors}}, with the page
     * opened as {@code page.html#selfcheck} so it draws its collapsed groups too. The page
     * writes it two animation frames after drawing; a headless browser on a crowded machine sometimes dumps the
     * DOM before those frames ran, which says nothing about the page: try again.
     */
    public JsonNode selfCheck(Path page) throws Exception {
        String selfCheck = "";
        for (int dump = 0; dump < 3 && selfCheck.isEmpty(); dump++) {
            dom = runAt("--dump-dom", page, "#selfcheck");
            Matcher m = Pattern.compile("<pre id=\"selfcheck\">([^<]*)</pre>").matcher(dom);
            assertThat(m.find()).as("the page has its self-check element").isTrue();
            selfCheck = m.group(1);
        }
        assertThat(selfCheck).as("the self-check ran (3 DOM dumps)").isNotEmpty();
        return new ObjectMapper().readTree(selfCheck.replace("&quot;", "\"").replace("&lt;", "<")
                .replace("&gt;", ">").replace("&amp;", "&"));
    }

    /** A PNG of the page, {@code width} x {@code height} pixels. */
    public void screenshot(Path page, Path png, int width, int height) throws Exception {
        run("--screenshot=" + png.toAbsolutePath(), page, "--window-size=" + width + "," + height);
        assertThat(png).isNotEmptyFile();
    }

    /** The page printed to PDF as the browser's print dialog would (A4 or letter, the page's print CSS). */
    public void print(Path page, Path pdf) throws Exception {
        run("--print-to-pdf=" + pdf.toAbsolutePath(), page, "--no-pdf-header-footer");
        assertThat(pdf).isNotEmptyFile();
    }

    private String run(String action, Path page, String... extra) throws Exception {
        return runAt(action, page, "", extra);
    }

    /** @param fragment added to the page's URI ({@code #selfcheck}: the page draws its collapsed groups too) */
    private String runAt(String action, Path page, String fragment, String... extra) throws Exception {
        Path profile = Files.createTempDirectory(profiles, "chromium-");
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(BINARY.toString(), "--headless",
                "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
                "--virtual-time-budget=5000", "--hide-scrollbars"));
        cmd.addAll(java.util.List.of(extra));
        if (extra.length == 0) {
            cmd.add("--window-size=1200,3000");
        }
        cmd.add(action);
        cmd.add(page.toUri() + fragment);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish");
        }
        return out;
    }
}
