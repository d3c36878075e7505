package dev.orrery.world.snapshot;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.orrery.world.Tree;
import dev.orrery.world.TreeSink;
import java.io.IOException;

/**
 * A {@link TreeSink} onto a Jackson generator: each event is one generator call, so a codec that
 * streams gives the bytes of its tree, and a whole tree is written by the sink's own walk
 * ({@link TreeSink#tree}), which is how every tree of a snapshot is written ({@link TreeCodec#write(JsonGenerator, Tree)}).
 */
final class GeneratorSink implements TreeSink {
    /** A codec gave a null tree ({@link #tree(Tree)}): the writer reports that its codec returned null. */
    static final class NullTree extends NullPointerException {
        private static final long serialVersionUID = 1L;

        NullTree() {
            super("TreeSink.tree: tree is null");
        }
    }

    private final JsonGenerator g;

    GeneratorSink(JsonGenerator g) {
        this.g = g;
    }

    @Override
    public void startObject() throws IOException {
        g.writeStartObject();
    }

    @Override
    public void field(String name) throws IOException {
        if (name == null) {
            throw new NullPointerException("TreeSink.field: name is null");
        }
        g.writeFieldName(name);
    }

    @Override
    public void endObject() throws IOException {
        g.writeEndObject();
    }

    @Override
    public void startArray() throws IOException {
        g.writeStartArray();
    }

    @Override
    public void endArray() throws IOException {
        g.writeEndArray();
    }

    @Override
    public void value(long value) throws IOException {
        g.writeNumber(value);
    }

    @Override
    public void value(double value) throws IOException {
        g.writeNumber(value);
    }

    @Override
    public void value(String value) throws IOException {
        if (value == null) {
            throw new NullPointerException("TreeSink.value: text is null");
        }
        g.writeString(value);
    }

    @Override
    public void value(boolean value) throws IOException {
        g.writeBoolean(value);
    }

    @Override
    public void nil() throws IOException {
        g.writeNull();
    }

    /** @throws NullTree if {@code tree} is null */
    @Override
    public void tree(Tree tree) throws IOException {
        if (tree == null) {
            throw new NullTree();
        }
        TreeSink.super.tree(tree);
    }
}
