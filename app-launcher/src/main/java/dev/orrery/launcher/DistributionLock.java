package dev.orrery.launcher;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One host per distribution folder: an exclusive lock on {@value #FILE} in the home folder, held for
 * the life of the process, with the holder's PID written in it. Two hosts on one folder would share the
 * framework cache (the second rewrites the first one's {@code felix-cache} while it runs) and both run
 * every plugin; the second one is refused with one line naming the holder's PID (exit code 1).
 *
 * <p>The lock is a file lock of the operating system ({@link FileChannel#tryLock()}: {@code fcntl} on
 * Linux), so it goes with the process however the process ends, a crash or {@code kill -9} included;
 * the file itself stays and is taken over by the next host. Acquire it at most once per process.
 */
final class DistributionLock {
    /** The lock file, in the home folder. */
    static final String FILE = "orrery.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DistributionLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * @param home the distribution's home folder
     * @param pid this process's id, written into the file
     * @return the lock, held until the process ends (or {@link #release()})
     * @throws LaunchRefusal (exit code 1) when another process holds it (naming its PID, as written in the
     *     file), or the file cannot be made or locked (naming the file and why)
     */
    static DistributionLock acquire(Path home, long pid) {
        Path file = home.resolve(FILE).toAbsolutePath().normalize();
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new LaunchRefusal(Main.FAILED, "cannot lock the distribution folder " + home + ": " + file
                    + " cannot be opened: " + e);
        }
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            // This very process holds it: neither the file is read nor this channel closed (closing another
            // descriptor of the file drops the process's lock on Linux).
            throw new LaunchRefusal(Main.FAILED, "this process (PID " + pid + ") holds the lock of the distribution"
                    + " folder " + home + " already");
        } catch (IOException e) {
            close(channel);
            throw new LaunchRefusal(Main.FAILED, "cannot lock the distribution folder " + home + ": " + e);
        }
        if (lock == null) {
            close(channel);
            String holder = holder(file);
            throw new LaunchRefusal(Main.FAILED, "another Orrery host" + (holder.isEmpty() ? "" : " (PID " + holder + ")")
                    + " runs from the distribution folder " + home + " (it holds " + file.getFileName() + "); stop it"
                    + " first, or run a copy of the folder");
        }
        try {
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((pid + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
            channel.force(false);
        } catch (IOException e) {
            // the lock holds without the PID; a second host then names no PID
        }
        return new DistributionLock(channel, lock);
    }

    /** @return the PID the file names, or "" when it names none */
    private static String holder(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.US_ASCII).strip();
            return text.matches("\\d{1,19}") ? text : "";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** Releases the lock (the process's end releases it too). */
    void release() {
        try {
            lock.release();
        } catch (IOException e) {
            // closing the channel releases it
        }
        close(channel);
    }

    private static void close(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing more to do
        }
    }
}
