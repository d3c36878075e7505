package dev.orrery.demo.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP sockets a process listens on, read from Linux's {@code /proc}: its socket inodes from
 * {@code /proc/<pid>/fd}, matched with the LISTEN entries of {@code /proc/<pid>/net/tcp} and
 * {@code tcp6} (the process's own network namespace). Nothing is sent anywhere.
 */
final class Listeners {
    private Listeners() {
    }

    /**
     * @param pid a process
     * @return its listening sockets as {@code address:port}, e.g. {@code 127.0.0.1:8420}, {@code [::1]:8420}
     */
    static List<String> of(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/" + pid + "/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException gone) {
                    // closed meanwhile
                }
            }
        }
        List<String> out = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6")) {
            Path f = Path.of("/proc/" + pid + "/net/" + table);
            if (!Files.exists(f)) {
                continue;
            }
            // read once: the table is the whole network namespace's, and other processes' sockets come
            // and go between two reads (a second read for the size could be shorter than the first)
            List<String> lines = Files.readAllLines(f);
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] c = line.trim().split("\\s+");
                if (c.length > 9 && c[3].equals("0A") && inodes.contains(c[9])) {
                    out.add(address(c[1]));
                }
            }
        }
        return out;
    }

    /** @return {@code 0100007F:20E4} as {@code 127.0.0.1:8420}; IPv6 in brackets */
    static String address(String hex) {
        String[] parts = hex.split(":");
        int port = Integer.parseInt(parts[1], 16);
        String ip = parts[0];
        if (ip.length() == 8) {
            return (Integer.parseInt(ip.substring(6, 8), 16)) + "." + Integer.parseInt(ip.substring(4, 6), 16) + "."
                    + Integer.parseInt(ip.substring(2, 4), 16) + "." + Integer.parseInt(ip.substring(0, 2), 16) + ":" + port;
        }
        byte[] b = new byte[16];
        for (int word = 0; word < 4; word++) {
            for (int i = 0; i < 4; i++) {
                b[word * 4 + i] = (byte) Integer.parseInt(ip.substring(word * 8 + (3 - i) * 2, word * 8 + (3 - i) * 2 + 2), 16);
            }
        }
        try {
            java.net.InetAddress a = java.net.InetAddress.getByAddress(b); // an IPv4-mapped one comes back as IPv4
            return (a instanceof java.net.Inet4Address ? a.getHostAddress() : "[" + a.getHostAddress() + "]") + ":" + port;
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return whether {@code unshare -rn} works here (a private network namespace for the non-loopback cases) */
    static boolean privateNetworkAvailable() {
        try {
            Process p = new ProcessBuilder("unshare", "-rn", "sh", "-c", "ip link set lo up && ip addr add 10.9.9.9/32 dev lo")
                    .redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * @param command a command
     * @return the command run in a private network namespace whose loopback is up and also holds the
     *     non-loopback address 10.9.9.9 (so binding it reaches no network)
     */
    static List<String> inPrivateNetwork(List<String> command) {
        StringBuilder sh = new StringBuilder("ip link set lo up && ip addr add 10.9.9.9/32 dev lo && exec");
        for (String arg : command) {
            sh.append(" '").append(arg.replace("'", "'\\''")).append('\'');
        }
        return List.of("unshare", "-rn", "sh", "-c", sh.toString());
    }
}
