package dev.orrery.plugin.console;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a raw socket to 127.0.0.1, for requests no HTTP client would send: any {@code Host}
 * header (a rebinding name is only written, never resolved), bad escapes, slow or half requests.
 * Each read waits at most {@value #READ_TIMEOUT_MILLIS} ms for the next bytes (a bound on a wait, not a
 * sleep: the bytes end it).
 */
public final class RawHttp {
    /** The longest wait for bytes from the server, in milliseconds. */
    public static final int READ_TIMEOUT_MILLIS = 20_000;

    private RawHttp() {
    }

    /**
     * An answer as read.
     *
     * @param status the status code
     * @param headers the headers, names in lower case
     * @param body the body as text (chunks joined)
     */
    public record Answer(int status, Map<String, String> headers, String body) {
        /** @return a header's value, or null; {@code name} in any case */
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** @return a socket connected to 127.0.0.1:port, reads bounded by {@value #READ_TIMEOUT_MILLIS} ms */
    public static Socket connect(int port) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port), READ_TIMEOUT_MILLIS);
        s.setSoTimeout(READ_TIMEOUT_MILLIS);
        return s;
    }

    /**
     * Sends one request with {@code Connection: close} and reads the whole answer.
     *
     * @param port the server's port on 127.0.0.1
     * @param method e.g. GET
     * @param target the raw request target, e.g. {@code /orrery/api/plugins?x=%zz}
     * @param host the {@code Host} header, or null for none
     * @param extra more header lines ({@code Name: value}), may be empty
     */
    public static Answer send(int port, String method, String target, String host, String... extra) throws IOException {
        try (Socket s = connect(port)) {
            write(s, request(method, target, host, true, extra));
            return read(s.getInputStream());
        }
    }

    /** @return the request's text, ending with the blank line */
    public static String request(String method, String target, String host, boolean close, String... extra) {
        StringBuilder b = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n");
        if (host != null) {
            b.append("Host: ").append(host).append("\r\n");
        }
        for (String h : extra) {
            b.append(h).append("\r\n");
        }
        if (close) {
            b.append("Connection: close\r\n");
        }
        if (method.equals("POST")) {
            b.append("Content-Length: 0\r\n");
        }
        return b.append("\r\n").toString();
    }

    /** Writes ASCII text to the socket. */
    public static void write(Socket s, String text) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** @return the status line and headers (not the body), read up to the blank line */
    public static Answer readHead(InputStream in) throws IOException {
        String head = readUntilBlankLine(in);
        String[] lines = head.split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.putIfAbsent(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
        }
        return new Answer(status, headers, "");
    }

    /** @return the whole answer: head and body (by Content-Length, chunks, or up to the end of the stream) */
    public static Answer read(InputStream in) throws IOException {
        Answer head = readHead(in);
        return new Answer(head.status(), head.headers(), readBody(in, head));
    }

    /** @return the body after {@code head}: by Content-Length, chunks, or up to the end of the stream */
    public static String readBody(InputStream in, Answer head) throws IOException {
        String body;
        String length = head.header("Content-Length");
        if (length != null) {
            body = new String(in.readNBytes(Integer.parseInt(length)), StandardCharsets.UTF_8);
        } else if ("chunked".equalsIgnoreCase(head.header("Transfer-Encoding"))) {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            while (true) {
                String size = readLine(in).trim();
                int n = Integer.parseInt(size.contains(";") ? size.substring(0, size.indexOf(';')) : size, 16);
                if (n == 0) {
                    readLine(in);
                    break;
                }
                all.write(in.readNBytes(n));
                readLine(in);
            }
            body = all.toString(StandardCharsets.UTF_8);
        } else {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return body;
    }

    /** @return whether the server closed the connection: the next read ends the stream or fails */
    public static boolean closedByServer(Socket s) throws IOException {
        try {
            return s.getInputStream().read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset
        }
    }

    private static String readUntilBlankLine(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        while (!b.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("the server closed the connection after: " + b);
            }
            b.append((char) c);
        }
        return b.toString();
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0 && c != '\n') {
            b.append((char) c);
        }
        return b.toString();
    }
}
