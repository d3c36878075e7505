package dev.orrery.world.snapshot;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import dev.orrery.world.Tree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link Tree} as one JSON or CBOR document and reads it back, with Jackson's streaming API.
 *
 * <p>Implementation notes. Only the streaming layer (jackson-core, jackson-dataformat-cbor) is used,
 * no databind: the trees are already neutral, so there is nothing to bind, and the two small jars are
 * all a host installs. The factories are immutable once built and shared per codec instance. Numbers:
 * integers stay integers ({@code long}), doubles are written in their shortest round-trip form, so
 * the same tree always gives the same bytes. Streams are read with no size limits beyond the
 * section's length, which the container checks first.
 */
final class TreeCodec {
    private final SnapshotFormat format;
    private final JsonFactory factory;

    TreeCodec(SnapshotFormat format) {
        this.format = format;
        StreamReadConstraints unlimited = StreamReadConstraints.builder().maxDocumentLength(-1)
                .maxStringLength(Integer.MAX_VALUE).maxNestingDepth(10_000).build();
        this.factory = format == SnapshotFormat.CBOR
                ? CBORFactory.builder().streamReadConstraints(unlimited).build()
                : JsonFactory.builder().streamReadConstraints(unlimited).build();
    }

    /** Writes one document with a generator: the streaming form of {@link #write(Tree)}. */
    interface Document {
        /** @param g the generator, configured for the format; write exactly one value */
        void write(JsonGenerator g) throws IOException;
    }

    byte[] write(Tree tree) {
        return write(g -> write(g, tree));
    }

    /** @return the document's bytes; the same calls give the bytes {@link #write(Tree)} gives for their tree */
    byte[] write(Document document) {
        return buffer(document, SnapshotBuffers.none()).toByteArray();
    }

    /**
     * @param buffers where the section's full-size chunks come from
     * @return the document's bytes, as {@link #write(Document)} gives them, in a section buffer
     */
    SectionBuffer buffer(Document document, SnapshotBuffers buffers) {
        SectionBuffer out = new SectionBuffer(buffers);
        try (JsonGenerator g = factory.createGenerator(out, JsonEncoding.UTF8)) {
            if (format == SnapshotFormat.JSON) {
                DefaultPrettyPrinter pretty = new DefaultPrettyPrinter()
                        .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                        .withArrayIndenter(new DefaultIndenter("  ", "\n"));
                g.setPrettyPrinter(pretty);
            }
            document.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a buffer in memory does not fail
        }
        return out;
    }

    /** Writes {@code tree} with {@code g}: the generator calls of its events ({@link GeneratorSink}). */
    static void write(JsonGenerator g, Tree tree) throws IOException {
        new GeneratorSink(g).tree(tree);
    }

    /**
     * @param bytes one whole document
     * @return its tree
     * @throws IOException if the bytes are not one well-formed document of this format
     */
    Tree read(byte[] bytes) throws IOException {
        try (JsonParser p = factory.createParser(bytes)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new IOException("empty document");
            }
            Tree tree = read(p, first);
            if (p.nextToken() != null) {
                throw new IOException("data after the end of the document");
            }
            return tree;
        }
    }

    private static Tree read(JsonParser p, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT: {
                Map<String, Tree> fields = new LinkedHashMap<>();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
                    if (t != JsonToken.FIELD_NAME) {
                        throw new IOException("expected a field name, found " + t);
                    }
                    String name = p.currentName();
                    if (fields.put(name, read(p, p.nextToken())) != null) {
                        throw new IOException("field '" + name + "' is given twice");
                    }
                }
                return new Tree.Obj(fields);
            }
            case START_ARRAY: {
                List<Tree> items = new ArrayList<>();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                    items.add(read(p, t));
                }
                return new Tree.Array(items);
            }
            case VALUE_NUMBER_INT:
                if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    throw new IOException("integer " + p.getText() + " does not fit 64 bits");
                }
                return Tree.of(p.getLongValue());
            case VALUE_NUMBER_FLOAT:
                return Tree.of(p.getDoubleValue());
            case VALUE_STRING:
                return Tree.of(p.getText());
            case VALUE_TRUE:
                return Tree.of(true);
            case VALUE_FALSE:
                return Tree.of(false);
            case VALUE_NULL:
                return Tree.nil();
            default:
                throw new IOException("unexpected " + token);
        }
    }
}
