package dev.orrery.schedule.internal.run;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Generates the {@link SpanDispatch} of a {@link GeneratedExecutor} for one schedule's
 * {@link RunLayout}: a JVM hidden class defined in this package through
 * {@link MethodHandles.Lookup#defineHiddenClass} and written with ASM. The only code of the scheduler
 * that uses ASM.
 *
 * <p><b>Shape.</b> For every system {@code i} (a constant in the code) one straight-line site:
 * <pre>
 *   probe.at(i);                                  // only for a schedule built with a RunProbe
 *   if (!rt.isDisabled(i)                          // state record re-read per system (SCH-056, SCH-124),
 *                                                  // written out in the site (see enter)
 *       &amp;&amp; SystemTurns.begin(rt, i)                 // its world context is current (no result;
 *                                                  // only while the world tracks changes)
 *       &amp;&amp; setConditions[i][0].test(world) ...      // one site per set condition, in order
 *       &amp;&amp; conditions[i].test(world))               // only when the system has one (SCH-118)
 *     { runs[i].run(world, dt); SystemTurns.ran(rt, i); } // the run bracketed by rt.messages.enter(i)
 *                                                  // / exit(i) for a system that reads messages
 *   if (tx.needsAttention())                       // transactional schedules only: a requested
 *     Commits.afterSystem(rt, layout, world, i);   // publish, a dead-target attribution (rare)
 * </pre>
 * Each {@code invokeinterface} is its own bytecode, so its type profile only ever sees the one
 * receiver class of that system or condition: the JIT checks the class and calls (or inlines) the
 * target directly instead of the megamorphic virtual call of a shared loop. A run of at least {@value #MIN_LOOP}
 * consecutive systems of one span whose run functions are of one class and which have no conditions
 * and read no messages (systems made by one factory or one lambda expression) becomes one loop instead, with the same
 * checks per system and the index in a local: its one call site sees that one class too, and the code
 * no longer grows with the number of such systems (straight-line code for 1,000 systems of one class
 * overflowed the instruction cache; see BENCHMARKS.md). Every call is covered by its own
 * exception-table entry whose handler, at the end of the method, records the failure
 * ({@link Failures#failedAt}) and rethrows the same object; the normal path has no extra work.
 *
 * <p><b>Chunks.</b> A span's sites are split into static methods of at most {@value #MAX_SITES}
 * sites and about {@value #MAX_BYTES} bytes of bytecode, well under the JIT's huge-method limit
 * (8,000 bytes), so every chunk is compiled and its call sites inlined. {@code run(span, ...)} is a
 * {@code tableswitch} over the spans that calls their chunks in order.
 *
 * <p><b>Class loading.</b> The generated code names only the scheduler's own types ({@code RunFunction},
 * {@code Condition}, {@code World}, {@code RunProbe.Slot}, this package's {@code RunLayout},
 * {@code WorldRuntime}, {@code RunMessages}, {@code Failures}), never a plugin's class: the targets are read from the layout's arrays, so
 * systems from any bundle, class loader or module work, and the hidden class is unloaded with the
 * schedule. Works in OSGi and on the module path alike (same module, same package).
 */
final class DispatchGenerator {
    /** Most system sites per generated method. */
    static final int MAX_SITES = 32;
    /** Estimated bytecode bytes per generated method before a new chunk starts. */
    static final int MAX_BYTES = 4000;

    private static final String PKG = "dev/orrery/schedule/internal/run/";
    private static final String NAME = PKG + "GeneratedDispatch";
    private static final String FAILURES = PKG + "Failures";
    private static final String RUNTIME = PKG + "WorldRuntime";
    private static final String LAYOUT = PKG + "RunLayout";
    private static final String WORLD = "dev/orrery/world/World";
    private static final String RUN_FN = "dev/orrery/schedule/RunFunction";
    private static final String CONDITION = "dev/orrery/schedule/Condition";
    private static final String PROBE = "dev/orrery/schedule/RunProbe$Slot";
    private static final String TRAIT_REF = "dev/orrery/world/TraitRef";
    private static final String STATE = "dev/orrery/schedule/ScheduleState";
    private static final String TX = "dev/orrery/world/WorldTransaction";
    private static final String COMMITS = PKG + "Commits";
    private static final String TURNS = PKG + "SystemTurns";
    private static final String CONTEXTS = "dev/orrery/world/SystemContexts";
    private static final String TURN_DESC = "(L" + RUNTIME + ";I)V";
    private static final String MESSAGES = PKG + "RunMessages";
    private static final String AFTER_DESC = "(L" + RUNTIME + ";L" + LAYOUT + ";L" + WORLD + ";I)V";
    private static final String CHUNK_DESC = "(L" + LAYOUT + ";L" + RUNTIME + ";L" + WORLD + ";D[L" + RUN_FN
            + ";[L" + CONDITION + ";[[L" + CONDITION + ";L" + PROBE + ";)V";
    private static final String FAILED_DESC = "(Ljava/lang/Throwable;L" + LAYOUT + ";L" + RUNTIME + ";L" + WORLD
            + ";III)Ljava/lang/Throwable;";
    private static final int RUN = Failures.RUN;
    private static final int CONDITION_STAGE = Failures.CONDITION;
    private static final int SET_CONDITION = Failures.SET_CONDITION;

    // Chunk method locals.
    private static final int C_RT = 1;
    private static final int C_WORLD = 2;
    private static final int C_DT = 3;
    private static final int C_RUNS = 5;
    private static final int C_CONDS = 6;
    private static final int C_SETS = 7;
    private static final int C_PROBE = 8;
    private static final int C_INDEX = 9;
    /** The world's transaction, loaded once per chunk (transactional schedules only). */
    private static final int C_TX = 10;
    /** A {@link Guard}'s system index when it is in local {@code C_INDEX} (a same-class loop). */
    private static final int IN_LOOP = -2;
    /** Fewest consecutive same-class systems without conditions that become one loop. */
    static final int MIN_LOOP = 4;


    private DispatchGenerator() {
    }

    /**
     * @param layout the schedule's layout
     * @param probed whether each site first publishes its system to the probe's slot
     * @return its generated dispatcher
     * @throws ReflectiveOperationException or {@link LinkageError} if the class cannot be defined
     */
    static SpanDispatch generate(RunLayout layout, boolean probed) throws ReflectiveOperationException {
        byte[] bytes = bytes(layout, probed);
        MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClass(bytes, true);
        try {
            return (SpanDispatch) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class))
                    .invoke();
        } catch (ReflectiveOperationException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * @param layout the schedule's layout
     * @param probed whether each site first publishes its system to the probe's slot
     * @return the class file of the dispatcher for {@code layout}
     */
    static byte[] bytes(RunLayout layout, boolean probed) {
        // Frames and maxima are written by hand (every frame is "same locals, empty stack" or "same
        // locals, the Throwable"): ASM's COMPUTE_FRAMES would cost several times the whole build.
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V17, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, NAME, null, "java/lang/Object",
                new String[] {PKG + "SpanDispatch"});
        MethodVisitor init = cw.visitMethod(0, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(1, 1);
        init.visitEnd();

        int spans = layout.spanCount();
        List<List<String>> chunksOfSpan = new ArrayList<>(spans);
        int chunkCount = 0;
        for (int k = 0; k < spans; k++) {
            List<String> names = new ArrayList<>();
            if (layout.spanPhase[k] != layout.onStartPhase) {
                int i = layout.spanStart[k];
                int end = layout.spanEnd[k];
                while (i < end) {
                    String name = "c" + chunkCount++;
                    i = chunk(cw, name, layout, i, end, probed);
                    names.add(name);
                }
            }
            chunksOfSpan.add(names);
        }
        dispatchMethod(cw, chunksOfSpan);
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** {@code run(span, layout, probe, rt, world, dt)}: a tableswitch calling each span's chunks. */
    private static void dispatchMethod(ClassWriter cw, List<List<String>> chunksOfSpan) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "run",
                "(IL" + LAYOUT + ";L" + PROBE + ";L" + RUNTIME + ";L" + WORLD + ";D)V", null, null);
        mv.visitCode();
        // locals: 0 this, 1 span, 2 layout, 3 probe, 4 rt, 5 world, 6-7 dt
        Object[] locals = {NAME, Opcodes.INTEGER, LAYOUT, PROBE, RUNTIME, WORLD, Opcodes.DOUBLE};
        int n = chunksOfSpan.size();
        Label end = new Label();
        if (n > 0) {
            Label[] cases = new Label[n];
            for (int k = 0; k < n; k++) {
                cases[k] = chunksOfSpan.get(k).isEmpty() ? end : new Label();
            }
            mv.visitVarInsn(Opcodes.ILOAD, 1);
            mv.visitTableSwitchInsn(0, n - 1, end, cases);
            for (int k = 0; k < n; k++) {
                if (chunksOfSpan.get(k).isEmpty()) {
                    continue;
                }
                mv.visitLabel(cases[k]);
                mv.visitFrame(Opcodes.F_FULL, locals.length, locals, 0, new Object[0]);
                for (String chunk : chunksOfSpan.get(k)) {
                    mv.visitVarInsn(Opcodes.ALOAD, 2);
                    mv.visitVarInsn(Opcodes.ALOAD, 4);
                    mv.visitVarInsn(Opcodes.ALOAD, 5);
                    mv.visitVarInsn(Opcodes.DLOAD, 6);
                    layoutField(mv, "runs", "[L" + RUN_FN + ";");
                    layoutField(mv, "conditions", "[L" + CONDITION + ";");
                    layoutField(mv, "setConditions", "[[L" + CONDITION + ";");
                    mv.visitVarInsn(Opcodes.ALOAD, 3);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, NAME, chunk, CHUNK_DESC, false);
                }
                mv.visitInsn(Opcodes.RETURN);
            }
        }
        mv.visitLabel(end);
        mv.visitFrame(Opcodes.F_FULL, locals.length, locals, 0, new Object[0]);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(9, 8);
        mv.visitEnd();
    }

    private static void layoutField(MethodVisitor mv, String field, String desc) {
        mv.visitVarInsn(Opcodes.ALOAD, 2);
        mv.visitFieldInsn(Opcodes.GETFIELD, LAYOUT, field, desc);
    }

    /**
     * Writes one chunk method with the sites of systems {@code from} onwards, up to {@link #MAX_SITES}
     * or {@link #MAX_BYTES}, within the span ending at {@code spanEnd}.
     *
     * @return the first system not in this chunk
     */
    private static int chunk(ClassWriter cw, String name, RunLayout layout, int from, int spanEnd, boolean probed) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, name, CHUNK_DESC, null, null);
        mv.visitCode();
        // Local C_INDEX (the index of a same-class loop) is set up front, so every frame below has it.
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitVarInsn(Opcodes.ISTORE, C_INDEX);
        boolean tx = layout.transactional;
        if (tx) {
            mv.visitVarInsn(Opcodes.ALOAD, C_RT);
            mv.visitFieldInsn(Opcodes.GETFIELD, RUNTIME, "tx", "L" + TX + ";");
            mv.visitVarInsn(Opcodes.ASTORE, C_TX);
        }
        Frames frames = new Frames(mv, tx);
        Object[] throwable = {"java/lang/Throwable"};
        List<Guard> guards = new ArrayList<>();
        int bytes = 0;
        int sites = 0;
        int i = from;
        while (i < spanEnd && sites < MAX_SITES && bytes < MAX_BYTES) {
            int runEnd = sameClassRun(layout, i, spanEnd);
            if (runEnd - i >= MIN_LOOP) {
                bytes += sameClassLoop(mv, frames, guards, i, runEnd, probed, tx);
                i = runEnd;
            } else {
                bytes += site(mv, frames, guards, layout, i, probed);
                i++;
            }
            sites++;
        }
        mv.visitInsn(Opcodes.RETURN);
        // Cold code: one handler per call, after the hot path.
        for (Guard g : guards) {
            mv.visitLabel(g.handler());
            mv.visitFrame(Opcodes.F_SAME1, 0, null, 1, throwable);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitVarInsn(Opcodes.ALOAD, C_RT);
            mv.visitVarInsn(Opcodes.ALOAD, C_WORLD);
            index(mv, g.system());
            push(mv, g.stage());
            push(mv, g.set());
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, FAILURES, "failedAt", FAILED_DESC, false);
            mv.visitInsn(Opcodes.ATHROW);
        }
        mv.visitMaxs(7, 11); // a handler: the thrown object and failedAt's six arguments
        mv.visitEnd();
        return i;
    }

    /**
     * @return the end (exclusive) of the run of systems from {@code i} whose run functions are of one
     *     class and which have no conditions; {@code i} itself when system {@code i} has a condition
     */
    static int sameClassRun(RunLayout layout, int i, int spanEnd) {
        if (!loopable(layout, i)) {
            return i;
        }
        Class<?> type = layout.runs[i].getClass();
        int j = i + 1;
        while (j < spanEnd && loopable(layout, j) && layout.runs[j].getClass() == type) {
            j++;
        }
        return j;
    }

    /** Whether system {@code i} may be part of a same-class loop: no conditions, no message reads. */
    private static boolean loopable(RunLayout layout, int i) {
        return layout.conditions[i] == null && layout.setConditions[i] == null && !layout.readsMessages[i];
    }

    /** The straight-line site of system {@code i}; @return its estimated bytecode bytes. */
    private static int site(MethodVisitor mv, Frames frames, List<Guard> guards, RunLayout layout, int i,
                            boolean probed) {
        Label next = new Label();
        int bytes = enter(mv, frames, i, next, probed);
        bytes += turn(mv, frames, "begin", i, null);
        int sets = layout.setConditions[i] == null ? 0 : layout.setConditions[i].length;
        for (int c = 0; c < sets; c++) {
            Label[] guarded = beginGuarded(mv);
            mv.visitVarInsn(Opcodes.ALOAD, C_SETS);
            push(mv, i);
            mv.visitInsn(Opcodes.AALOAD);
            push(mv, c);
            mv.visitInsn(Opcodes.AALOAD);
            mv.visitVarInsn(Opcodes.ALOAD, C_WORLD);
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, CONDITION, "test", "(L" + WORLD + ";)Z", true);
            endGuarded(mv, guarded, guards, i, SET_CONDITION, c);
            mv.visitJumpInsn(Opcodes.IFEQ, next);
            bytes += 35;
        }
        if (layout.conditions[i] != null) {
            Label[] guarded = beginGuarded(mv);
            mv.visitVarInsn(Opcodes.ALOAD, C_CONDS);
            push(mv, i);
            mv.visitInsn(Opcodes.AALOAD);
            mv.visitVarInsn(Opcodes.ALOAD, C_WORLD);
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, CONDITION, "test", "(L" + WORLD + ";)Z", true);
            endGuarded(mv, guarded, guards, i, CONDITION_STAGE, -1);
            mv.visitJumpInsn(Opcodes.IFEQ, next);
            bytes += 32;
        }
        boolean reader = layout.readsMessages[i];
        if (reader) {
            bytes += messages(mv, i, "enter");
        }
        bytes += run(mv, guards, i);
        if (reader) {
            bytes += messages(mv, i, "exit");
        }
        bytes += turn(mv, frames, "ran", i, next);
        mv.visitLabel(next);
        frames.same();
        if (layout.transactional) {
            bytes += endTurn(mv, frames, i);
        }
        return bytes;
    }

    /**
     * {@code rt.messages.enter(i)} or {@code exit(i)}: the bracket of a reading system's run function,
     * as the loop writes it ({@link RunMessages}).
     *
     * @return the estimated bytecode bytes
     */
    private static int messages(MethodVisitor mv, int i, String method) {
        mv.visitVarInsn(Opcodes.ALOAD, C_RT);
        mv.visitFieldInsn(Opcodes.GETFIELD, RUNTIME, "messages", "L" + MESSAGES + ";");
        push(mv, i);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, MESSAGES, method, "(I)V", false);
        return 10;
    }

    /**
     * The end of a system's turn in a transactional schedule: {@code if (tx.needsAttention())
     * Commits.afterSystem(rt, layout, world, i)}.
     *
     * @param i the system index, or {@link #IN_LOOP} for the index in local {@code C_INDEX}
     * @return the estimated bytecode bytes
     */
    private static int endTurn(MethodVisitor mv, Frames frames, int i) {
        Label done = new Label();
        mv.visitVarInsn(Opcodes.ALOAD, C_TX);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, TX, "needsAttention", "()Z", false);
        mv.visitJumpInsn(Opcodes.IFEQ, done);
        mv.visitVarInsn(Opcodes.ALOAD, C_RT);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, C_WORLD);
        index(mv, i);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, COMMITS, "afterSystem", AFTER_DESC, false);
        mv.visitLabel(done);
        frames.same();
        return 18;
    }

    /**
     * A loop over systems {@code from} to {@code to} (exclusive), all of one run-function class and
     * without conditions: the same checks per system as {@link #site}, with the index in local
     * {@code C_INDEX}; its one {@code invokeinterface} sees only that class, so it stays monomorphic
     * while the code no longer grows with the number of systems.
     *
     * @return its estimated bytecode bytes
     */
    private static int sameClassLoop(MethodVisitor mv, Frames frames, List<Guard> guards, int from, int to,
                                     boolean probed, boolean tx) {
        Label head = new Label();
        Label next = new Label();
        Label done = new Label();
        push(mv, from);
        mv.visitVarInsn(Opcodes.ISTORE, C_INDEX);
        mv.visitLabel(head);
        frames.same();
        mv.visitVarInsn(Opcodes.ILOAD, C_INDEX);
        push(mv, to);
        mv.visitJumpInsn(Opcodes.IF_ICMPGE, done);
        int body = enter(mv, frames, IN_LOOP, next, probed);
        body += turn(mv, frames, "begin", IN_LOOP, null);
        body += run(mv, guards, IN_LOOP);
        body += turn(mv, frames, "ran", IN_LOOP, next);
        mv.visitLabel(next);
        frames.same();
        if (tx) {
            body += endTurn(mv, frames, IN_LOOP);
        }
        mv.visitIincInsn(C_INDEX, 1);
        mv.visitJumpInsn(Opcodes.GOTO, head);
        mv.visitLabel(done);
        frames.same();
        return 20 + body;
    }

    /**
     * The start of a system's turn: publishes it to the probe (when {@code probed}), then jumps to
     * {@code skip} when it is disabled (the state record re-read, SCH-056, SCH-124). The check is
     * {@link WorldRuntime#isDisabled} written out in the site, so that its branches are profiled per
     * site: the record changes only when a system of the pass changes it (the runner refreshes the
     * flags before each phase), so in a steady game the JIT compiles the rebuild branch of a site as an
     * uncommon trap and the loads of a same-class loop's check become loop-invariant; called through
     * the shared method, one rebuild anywhere kept a real call to {@code rebuildDisabled} in every loop.
     * <pre>
     *   if (rt.state.get() != rt.disabledFor) { if (rt.isDisabled(i)) goto skip; }   // rare
     *   else if (rt.anyDisabled &amp;&amp; rt.disabled[i]) goto skip;
     * </pre>
     *
     * @param i the system index, or {@link #IN_LOOP} for the index in local {@code C_INDEX}
     * @return the estimated bytecode bytes
     */
    private static int enter(MethodVisitor mv, Frames frames, int i, Label skip, boolean probed) {
        int bytes = 45;
        if (probed) {
            mv.visitVarInsn(Opcodes.ALOAD, C_PROBE);
            index(mv, i);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, PROBE, "at", "(I)V", false);
            bytes += 7;
        }
        Label fresh = new Label();
        Label enabled = new Label();
        mv.visitVarInsn(Opcodes.ALOAD, C_RT);
        mv.visitFieldInsn(Opcodes.GETFIELD, RUNTIME, "state", "L" + TRAIT_REF + ";");
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, TRAIT_REF, "get", "()Ljava/lang/Object;", false);
        mv.visitVarInsn(Opcodes.ALOAD, C_RT);
        mv.visitFieldInsn(Opcodes.GETFIELD, RUNTIME, "disabledFor", "L" + STATE + ";");
        mv.visitJumpInsn(Opcodes.IF_ACMPEQ, fresh);
        mv.visitVarInsn(Opcodes.ALOAD, C_RT);
        index(mv, i);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, RUNTIME, "isDisabled", "(I)Z", false);
        mv.visitJumpInsn(Opcodes.IFNE, skip);
        mv.visitJumpInsn(Opcodes.GOTO, enabled);
        mv.visitLabel(fresh);
        frames.same();
        mv.visitVarInsn(Opcodes.ALOAD, C_RT);
        mv.visitFieldInsn(Opcodes.GETFIELD, RUNTIME, "anyDisabled", "Z");
        mv.visitJumpInsn(Opcodes.IFEQ, enabled);
        mv.visitVarInsn(Opcodes.ALOAD, C_RT);
        mv.visitFieldInsn(Opcodes.GETFIELD, RUNTIME, "disabled", "[Z");
        index(mv, i);
        mv.visitInsn(Opcodes.BALOAD);
        mv.visitJumpInsn(Opcodes.IFNE, skip);
        mv.visitLabel(enabled);
        frames.same();
        return bytes;
    }

    /**
     * The guarded call of a system's run function, its failure attributed as {@link #RUN}.
     *
     * @param i the system index, or {@link #IN_LOOP} for the index in local {@code C_INDEX}
     * @return the estimated bytecode bytes
     */
    private static int run(MethodVisitor mv, List<Guard> guards, int i) {
        Label[] guarded = beginGuarded(mv);
        mv.visitVarInsn(Opcodes.ALOAD, C_RUNS);
        index(mv, i);
        mv.visitInsn(Opcodes.AALOAD);
        mv.visitVarInsn(Opcodes.ALOAD, C_WORLD);
        mv.visitVarInsn(Opcodes.DLOAD, C_DT);
        mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, RUN_FN, "run", "(L" + WORLD + ";D)V", true);
        endGuarded(mv, guarded, guards, i, RUN, -1);
        return 30;
    }

    /**
     * {@code SystemTurns.begin(rt, i)} or {@code SystemTurns.ran(rt, i)}: the world's per-system context
     * of system {@code i} (see {@link SystemTurns}), called only while the world tracks changes.
     *
     * @param frames the chunk's stack map frames
     * @param which {@code "begin"} or {@code "ran"}
     * @param i the system index, or {@link #IN_LOOP} for the index in local {@code C_INDEX}
     * @param skipTo where to go while nothing is tracked (a label the caller places and frames), or
     *     null for a label placed right after the call
     * @return the estimated bytecode bytes
     */
    private static int turn(MethodVisitor mv, Frames frames, String which, int i, Label skipTo) {
        // The tracking check is written out in the site, so each site's branch has a profile of its
        // own: in a world without change tracking it is never taken, and the JIT compiles the call
        // away (a branch shared by all sites inside SystemTurns would carry every world's profile).
        Label after = skipTo != null ? skipTo : new Label();
        mv.visitVarInsn(Opcodes.ALOAD, C_RT);
        mv.visitFieldInsn(Opcodes.GETFIELD, RUNTIME, "systemContexts", "L" + CONTEXTS + ";");
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CONTEXTS, "tracking", "()Z", false);
        mv.visitJumpInsn(Opcodes.IFEQ, after);
        mv.visitVarInsn(Opcodes.ALOAD, C_RT);
        index(mv, i);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, TURNS, which, TURN_DESC, false);
        if (skipTo == null) {
            mv.visitLabel(after);
            frames.same();
        }
        return 16;
    }

    /** Pushes system index {@code i}, or for {@link #IN_LOOP} the loop's index from local {@code C_INDEX}. */
    private static void index(MethodVisitor mv, int i) {
        if (i == IN_LOOP) {
            mv.visitVarInsn(Opcodes.ILOAD, C_INDEX);
        } else {
            push(mv, i);
        }
    }

    /**
     * The stack map frames of one chunk: all have the parameters, the int local {@code C_INDEX} (and,
     * in a transactional schedule, the transaction in {@code C_TX}) and an empty stack; the first is
     * written as an append of those locals, the others as "same".
     */
    private static final class Frames {
        private final MethodVisitor mv;
        private final boolean tx;
        private boolean first = true;

        Frames(MethodVisitor mv, boolean tx) {
            this.mv = mv;
            this.tx = tx;
        }

        void same() {
            if (first) {
                if (tx) {
                    mv.visitFrame(Opcodes.F_APPEND, 2, new Object[] {Opcodes.INTEGER, TX}, 0, null);
                } else {
                    mv.visitFrame(Opcodes.F_APPEND, 1, new Object[] {Opcodes.INTEGER}, 0, null);
                }
                first = false;
            } else {
                mv.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
            }
        }
    }

    /** The cold handler of one guarded call site: system index, failure stage, set index or -1. */
    private record Guard(Label handler, int system, int stage, int set) {
    }

    /**
     * Opens a {@code try} block around one call site (its handler is emitted after the hot path).
     *
     * @return the labels start, stop and handler, for {@link #endGuarded}
     */
    private static Label[] beginGuarded(MethodVisitor mv) {
        Label[] labels = {new Label(), new Label(), new Label()};
        mv.visitTryCatchBlock(labels[0], labels[1], labels[2], "java/lang/Throwable");
        mv.visitLabel(labels[0]);
        return labels;
    }

    /** Closes the {@code try} block {@link #beginGuarded} opened and records its handler's attribution. */
    private static void endGuarded(MethodVisitor mv, Label[] labels, List<Guard> guards, int system, int stage, int set) {
        mv.visitLabel(labels[1]);
        guards.add(new Guard(labels[2], system, stage, set));
    }

    private static void push(MethodVisitor mv, int value) {
        if (value >= -1 && value <= 5) {
            mv.visitInsn(Opcodes.ICONST_0 + value);
        } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            mv.visitIntInsn(Opcodes.BIPUSH, value);
        } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            mv.visitIntInsn(Opcodes.SIPUSH, value);
        } else {
            mv.visitLdcInsn(value);
        }
    }
}
