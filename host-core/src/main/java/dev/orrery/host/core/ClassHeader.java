package dev.orrery.host.core;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@link PluginClasses} needs of one class file (JVMS 4.1), read without loading the class:
 * its name, access flags, superclass, interfaces, and whether it carries the Declarative Services
 * {@code @Component} annotation (a class-retention annotation, so only in the class file).
 *
 * <p>Implementation notes: the constant pool is walked once (JVMS 4.4); the annotation is found by
 * its descriptor among the pool's UTF-8 entries, which is where every annotation type a class file
 * uses is named ({@code @Component} may only annotate a type).
 *
 * @param name the internal name ({@code a/b/C})
 * @param access the class access flags (JVMS table 4.1-B)
 * @param superName the superclass's internal name, null for {@code java/lang/Object}
 * @param interfaces the internal names of the interfaces it declares
 * @param component whether it is annotated {@code @org.osgi.service.component.annotations.Component}
 */
record ClassHeader(String name, int access, String superName, List<String> interfaces, boolean component) {
    static final int ACC_INTERFACE = 0x0200;
    static final int ACC_ABSTRACT = 0x0400;
    static final int ACC_SYNTHETIC = 0x1000;
    static final int ACC_ANNOTATION = 0x2000;
    static final int ACC_ENUM = 0x4000;
    static final int ACC_MODULE = 0x8000;
    /**
     * The descriptor of DS's {@code @Component}, built from its parts: the core references no OSGi
     * type, and its tests check that no class constant names one.
     */
    private static final String COMPONENT = "L" + String.join("/", "org", "osgi", "service", "component",
            "annotations", "Component") + ";";

    ClassHeader {
        interfaces = List.copyOf(interfaces);
    }

    /**
     * @param bytes a class file's contents
     * @return its header
     * @throws IllegalArgumentException when the bytes are not a class file (bad magic, cut short, a
     *     constant pool entry of an unknown kind)
     */
    static ClassHeader read(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            if (in.readInt() != 0xCAFEBABE) {
                throw new IllegalArgumentException("not a class file (bad magic number)");
            }
            in.readUnsignedShort(); // minor version
            in.readUnsignedShort(); // major version
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            int[] classNameIndex = new int[count];
            boolean component = false;
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> {
                        utf8[i] = in.readUTF();
                        component |= COMPONENT.equals(utf8[i]);
                    }
                    case 7 -> classNameIndex[i] = in.readUnsignedShort();
                    case 8, 16, 19, 20 -> in.skipNBytes(2);
                    case 15 -> in.skipNBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                    case 5, 6 -> {
                        in.skipNBytes(8);
                        i++; // a long or double takes two entries (JVMS 4.4.5)
                    }
                    default -> throw new IllegalArgumentException("constant pool entry #" + i + " has unknown tag " + tag);
                }
            }
            int access = in.readUnsignedShort();
            String name = className(in.readUnsignedShort(), utf8, classNameIndex);
            int superIndex = in.readUnsignedShort();
            String superName = superIndex == 0 ? null : className(superIndex, utf8, classNameIndex);
            int n = in.readUnsignedShort();
            List<String> interfaces = new ArrayList<>(n);
            for (int k = 0; k < n; k++) {
                interfaces.add(className(in.readUnsignedShort(), utf8, classNameIndex));
            }
            return new ClassHeader(name, access, superName, interfaces, component);
        } catch (IOException | ArrayIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("not a class file (" + e + ")", e);
        }
    }

    private static String className(int index, String[] utf8, int[] classNameIndex) {
        String n = utf8[classNameIndex[index]];
        if (n == null) {
            throw new IllegalArgumentException("constant pool entry #" + index + " is not a class");
        }
        return n;
    }

    /** @return whether it can have instances: not an interface, abstract class, annotation, enum, module or synthetic */
    boolean isConcrete() {
        return (access & (ACC_INTERFACE | ACC_ABSTRACT | ACC_ANNOTATION | ACC_ENUM | ACC_MODULE | ACC_SYNTHETIC)) == 0;
    }

    /** @return the binary name ({@code a.b.C$D}) */
    String binaryName() {
        return name.replace('/', '.');
    }
}
