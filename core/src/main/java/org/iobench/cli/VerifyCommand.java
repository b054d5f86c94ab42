package org.iobench.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.iobench.format.Format;
import org.iobench.job.DirectAlignment;
import org.iobench.job.Sizes;
import org.iobench.job.VerifyChecksum;
import org.iobench.report.JsonReport;
import org.iobench.report.VerifyText;
import org.iobench.result.VerifyResult;
import org.iobench.session.ExitException;
import org.iobench.session.ReadClaim;
import org.iobench.sysmon.BlockDevice;
import org.iobench.sysmon.DeviceResolver;
import org.iobench.verify.RunIds;
import org.iobench.verify.TargetLayout;
import org.iobench.verify.TargetVerifier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code iobench verify TARGET --run ID}: checks the blocks a {@code --verify} run left on a target, e.g. after a
 * reboot or a power cut. Exit 0 when every block of the run is as written, 1 when one is not (or none was found).
 */
@Command(name = "verify", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Check the blocks a 'run --verify' left on a target (after a reboot, a power cut...).",
                "The layout comes from the headers on the target, or from the run's JSON result (-i FILE)."})
final class VerifyCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "TARGET", description = "the file or block device the run wrote")
    Path target;

    @Option(names = "--run", required = true, paramLabel = "ID",
            description = "the run id printed by 'iobench run --verify' (16 hex digits)")
    String run;

    @Option(names = {"-i", "--input"}, paramLabel = "FILE",
            description = "the writing run's JSON result: its block size and region; for a complete sequential"
                    + " write, blocks without the run's header then count as lost")
    Path json;

    @Option(names = "--json", paramLabel = "FILE", hidden = true, description = "deprecated: -i FILE")
    Path deprecatedJson;

    @Option(names = "--bs", paramLabel = "SIZE", converter = Converters.PositiveSize.class,
            description = "block size (default: from -i, else from the header at --offset)")
    Long bs;

    @Option(names = "--offset", paramLabel = "SIZE", converter = Converters.Size.class,
            description = "start of the region (default: from -i, else 0)")
    Long offset;

    @Option(names = "--size", paramLabel = "SIZE", converter = Converters.PositiveSize.class,
            description = "bytes of the region (default: from -i, else the rest of the target)")
    Long size;

    @Option(names = "--direct", description = "read with O_DIRECT (default: buffered, cache evicted first)")
    boolean direct;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text (default) or json")
    String format;

    @CommandLine.Mixin
    Output output = new Output();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Output.Choice choice = output.choose(OutputFormats.of("verify", Format.TEXT, Format.JSON), format, null,
                spec.commandLine().getErr());
        if (deprecatedJson != null) {
            Output.warn(spec.commandLine().getErr(), "--json " + deprecatedJson, "-i " + deprecatedJson);
            if (json != null) {
                throw ExitException.usage("--json " + deprecatedJson + ": give either -i " + json + " or --json");
            }
            json = deprecatedJson;
        }
        long runId;
        try {
            runId = RunIds.parse(run);
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.USAGE, "--run: " + e.getMessage(), e);
        }
        if (!Files.exists(target)) {
            throw ExitException.usage("TARGET " + target + ": does not exist");
        }
        if (Files.isDirectory(target)) {
            throw ExitException.usage("TARGET " + target + ": is a directory; verify reads the file or block device"
                    + " a run wrote");
        }
        record Verified(TargetLayout layout, VerifyResult result) {}
        // Reading destroys nothing, so a mounted device or a loop's backing file may be verified; but not while
        // another iobench writes the target: its blocks would be caught mid-change and reported stale.
        Verified verified = ReadClaim.whileReading(target, "TARGET", () -> {
            TargetLayout l = layout(runId);
            if (direct) {
                DirectAlignment.checkBlockSize(l.blockSize(), logicalBlockSize(), deviceName());
            }
            return new Verified(l, TargetVerifier.verify(target, runId, l, direct));
        });
        TargetLayout layout = verified.layout();
        VerifyResult v = verified.result();
        PrintStream err = Streams.err(spec);
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buffer, true, StandardCharsets.UTF_8);
        if (choice.is(Format.JSON)) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("formatVersion", JsonReport.FORMAT_VERSION);
            doc.put("iobenchVersion", Version.get());
            doc.put("command", "verify");
            doc.put("target", target.toString());
            doc.put("layout", layout);
            doc.put("verification", v);
            out.print(JsonReport.document(doc));
        } else {
            out.println("verify " + target + ": " + layout.blocks() + " blocks of "
                    + Sizes.binary(layout.blockSize()) + " from offset " + layout.regionStart() + " (layout: "
                    + layout.source() + ")");
            VerifyText.print(v, out);
        }
        out.flush();
        choice.write(buffer.toString(StandardCharsets.UTF_8), spec.commandLine().getOut());
        if (!v.passed()) {
            err.println("iobench: verify: " + v.failures() + " of " + v.blocksChecked()
                    + " blocks are not as run " + v.runId() + " wrote them " + v.counts());
            return ExitException.IO_FAILURE;
        }
        if (TargetVerifier.blocksOfRun(v) == 0) {
            err.println("iobench: verify: no block of run " + v.runId() + " found in " + target
                    + " (wrong --run, --offset or --bs?)");
            return ExitException.IO_FAILURE;
        }
        return 0;
    }

    private TargetLayout layout(long runId) throws IOException {
        TargetLayout fromFile = json == null ? null : RunLayoutFile.read(json, runId);
        long start = offset != null ? offset : fromFile != null ? fromFile.regionStart() : 0;
        if (direct) {
            DirectAlignment.checkOffset(start, logicalBlockSize(), deviceName());
        }
        long blockSize = bs != null ? bs : fromFile != null ? fromFile.blockSize()
                : TargetVerifier.blockSizeAt(target, start, direct);
        if (blockSize == 0) {
            throw ExitException.usage("--bs: not given, and the block at offset " + start + " of "
                    + target + " has no intact iobench header to read it from; give --bs or -i");
        }
        if (blockSize < VerifyChecksum.HEADER_BYTES || blockSize > Integer.MAX_VALUE) {
            throw ExitException.usage("--bs " + blockSize + ": a verified block holds a "
                    + VerifyChecksum.HEADER_BYTES + "-byte header, so it is at least that big");
        }
        long region;
        if (size != null) {
            region = size;
        } else if (fromFile != null && offset == null) {
            region = fromFile.regionBytes();
        } else {
            region = targetBytes() - start;
        }
        if (region < blockSize) {
            throw ExitException.usage("--size " + region + ": less than one block of "
                    + blockSize + " bytes to check from offset " + start);
        }
        boolean every = fromFile != null && fromFile.everyBlockWritten() && size == null && offset == null
                && bs == null;
        String source = fromFile != null ? fromFile.source() : bs != null ? "--bs" : "the header at offset " + start;
        return new TargetLayout(start, region, blockSize, every, source);
    }

    /** O_DIRECT's unit for the target: its device's logical block size, 512 where unknown. */
    private long logicalBlockSize() {
        return DeviceResolver.system().resolve(target).device().map(BlockDevice::logicalBlockSize)
                .filter(v -> v > 0).orElse(512L);
    }

    private String deviceName() {
        return DeviceResolver.system().resolve(target).device().map(BlockDevice::name).orElse("the target");
    }

    private long targetBytes() throws IOException {
        if (Files.isRegularFile(target)) {
            return Files.size(target);
        }
        return DeviceResolver.system().resolve(target).device().map(BlockDevice::sizeBytes)
                .orElseThrow(() -> new ExitException(ExitException.USAGE, "TARGET " + target
                        + ": neither a regular file nor a block device known to sysfs"));
    }
}
