package dev.orrery.checks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/** The modules of the reactor: the {@code <modules>} of the root {@code pom.xml}, in their order. */
final class ReactorModules {
    private ReactorModules() {
    }

    /**
     * @param root the repository root
     * @return the module names (directory names), in the pom's order
     * @throws IllegalStateException when the pom cannot be read or lists no module
     */
    static List<String> of(Path root) {
        Element project;
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(false);
            project = factory.newDocumentBuilder().parse(root.resolve("pom.xml").toFile()).getDocumentElement();
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new IllegalStateException("cannot read the root pom.xml: " + e.getMessage(), e);
        }
        List<String> modules = new ArrayList<>();
        for (Node child = project.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element e && e.getTagName().equals("modules")) {
                NodeList list = e.getElementsByTagName("module");
                for (int i = 0; i < list.getLength(); i++) {
                    modules.add(list.item(i).getTextContent().trim());
                }
            }
        }
        if (modules.isEmpty()) {
            throw new IllegalStateException("the root pom.xml has no <modules>");
        }
        return List.copyOf(modules);
    }
}
