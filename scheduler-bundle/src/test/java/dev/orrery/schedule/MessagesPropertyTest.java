package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.MessageStats;
import dev.orrery.world.MessageType;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Messages against a small model: readers at random rates (0 to 3 runs per frame through nested run
 * calls, some of those runs skipped by a condition or disabled) read each message exactly once, in send
 * order, unless it expired first; nothing is held past its retention (every reader read it, or its
 * maximum age passed); the counters match. Messages are sent before the readers, after them and
 * between frames. Runs on both dispatch engines (the suite runs twice).
 */
class MessagesPropertyTest {
    private enum Kind { RUN, SKIPPED, DISABLED }

    @Property(tries = 150)
    @SuppressWarnings("try") // the captured log is never read: it keeps the slow readers' WARNINGs out of the build output
    void readersAtRandomRatesReadEachMessageOnceAndNothingIsHeldPastRetention(@ForAll long seed) {
        Random random = new Random(seed);
        int maxAge = 1 + random.nextInt(3);
        int readerCount = 1 + random.nextInt(3);
        int frameCount = 1 + random.nextInt(12);
        MessageType<Integer> type = MessageType.of("test/Event", maxAge);
        World world = new World();

        // The system under test.
        List<List<Integer>> got = new ArrayList<>();
        boolean[] allowed = new boolean[readerCount];
        List<Schedule> inner = new ArrayList<>();
        List<EcsSystem> readers = new ArrayList<>();
        for (int r = 0; r < readerCount; r++) {
            int id = r;
            got.add(new ArrayList<>());
            EcsSystem reader = EcsSystem.builder("reader " + r).readsMessages(type).runIf(w -> allowed[id])
                    .run((w, dt) -> w.messages(type).forEach(got.get(id)::add)).build();
            readers.add(reader);
            inner.add(Schedule.builder("rate " + r).systems(reader).build());
        }
        Kind[][][] plan = new Kind[frameCount][readerCount][];
        int[][] sends = new int[frameCount][3]; // before the readers, after them, after the frame
        for (int f = 0; f < frameCount; f++) {
            for (int r = 0; r < readerCount; r++) {
                plan[f][r] = new Kind[random.nextInt(4)];
                for (int k = 0; k < plan[f][r].length; k++) {
                    plan[f][r][k] = Kind.values()[random.nextInt(3)];
                }
            }
            for (int k = 0; k < 3; k++) {
                sends[f][k] = random.nextInt(4);
            }
        }
        int[] nextValue = {0};
        int[] frame = {0};
        Schedule outer = Schedule.builder("frame").systems(
                EcsSystem.define("send before", Phase.PRE_UPDATE, (w, dt) -> send(w, type, sends[frame[0]][0], nextValue)),
                EcsSystem.define("drive readers", Phase.ON_UPDATE, (w, dt) -> {
                    for (int r = 0; r < readerCount; r++) {
                        for (Kind kind : plan[frame[0]][r]) {
                            allowed[r] = kind != Kind.SKIPPED;
                            if (kind == Kind.DISABLED) {
                                inner.get(r).disable(w, readers.get(r));
                            }
                            inner.get(r).run(w, dt); // nested: the same frame
                            inner.get(r).enable(w, readers.get(r));
                        }
                    }
                }),
                EcsSystem.define("send after", Phase.POST_UPDATE, (w, dt) -> send(w, type, sends[frame[0]][1], nextValue)))
                .build();
        for (int r = 0; r < readerCount; r++) {
            allowed[r] = false;
            inner.get(r).run(world, 0); // registers every reader before the first message (not a frame of outer's)
        }

        // The model: message k has stamp[k] (the frame it belongs to); a cursor per reader.
        List<Long> stamps = new ArrayList<>();
        int[] cursor = new int[readerCount];
        long[] read = new long[readerCount];
        long[] missed = new long[readerCount];
        long dropped = 0;
        int head = 0; // messages before head are aged out or read by all
        long frames = world.messageBus().frames();

        try (CapturedLog log = CapturedLog.attach("dev.orrery.world")) {
            for (int f = 0; f < frameCount; f++) {
                frame[0] = f;
                long g = frames + 1 + f; // the frame outer.run begins
                // Aging at the frame's start.
                int aged = head;
                while (aged < stamps.size() && stamps.get(aged) <= g - maxAge) {
                    aged++;
                }
                int lowest = Integer.MAX_VALUE;
                for (int r = 0; r < readerCount; r++) {
                    lowest = Math.min(lowest, cursor[r]);
                    if (cursor[r] < aged) {
                        missed[r] += aged - cursor[r];
                        cursor[r] = aged;
                    }
                }
                if (lowest < aged) {
                    dropped += aged - Math.max(lowest, head);
                }
                head = Math.max(head, aged);
                // The frame: sends before, reads, sends after.
                List<List<Integer>> expected = new ArrayList<>();
                for (int r = 0; r < readerCount; r++) {
                    expected.add(new ArrayList<>());
                }
                for (int k = 0; k < sends[f][0]; k++) {
                    stamps.add(g);
                }
                for (int r = 0; r < readerCount; r++) {
                    for (Kind kind : plan[f][r]) {
                        if (kind == Kind.RUN) {
                            for (int m = cursor[r]; m < stamps.size(); m++) {
                                expected.get(r).add(m);
                            }
                            read[r] += stamps.size() - cursor[r];
                            cursor[r] = stamps.size();
                        }
                    }
                }
                for (int k = 0; k < sends[f][1]; k++) {
                    stamps.add(g);
                }
                outer.run(world, 0.016);
                for (int r = 0; r < readerCount; r++) {
                    assertEquals(expected.get(r), got.get(r), "frame " + f + ", reader " + r + ", seed " + seed);
                    got.get(r).clear();
                }
                int lowestNow = Integer.MAX_VALUE;
                for (int c : cursor) {
                    lowestNow = Math.min(lowestNow, c);
                }
                head = Math.max(head, lowestNow);
                assertEquals(stamps.size() - head, world.messageStats(type).buffered(),
                        "held after frame " + f + ", seed " + seed);
                // Sends between frames belong to the next frame.
                for (int k = 0; k < sends[f][2]; k++) {
                    world.send(type, nextValue[0]++);
                    stamps.add(g + 1);
                }
            }
        }
        MessageStats stats = world.messageStats(type);
        assertEquals(stamps.size(), stats.sent(), "seed " + seed);
        assertEquals(dropped, stats.dropped(), "seed " + seed);
        for (int r = 0; r < readerCount; r++) {
            assertEquals(new MessageStats.Reader("rate " + r, "reader " + r, read[r], missed[r]), stats.readers().get(r),
                    "seed " + seed);
        }
    }

    private static void send(World w, MessageType<Integer> type, int count, int[] nextValue) {
        for (int k = 0; k < count; k++) {
            w.send(type, nextValue[0]++);
        }
    }
}
