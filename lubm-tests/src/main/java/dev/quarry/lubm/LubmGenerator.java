package dev.quarry.lubm;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/**
 * Generates LUBM data following the published UBA profile: per university 15-25 departments; per
 * department 7-10 full, 10-14 associate and 8-11 assistant professors and 5-7 lecturers; 8-14
 * undergraduates and 3-4 graduate students per faculty member; 10-20 research groups; each faculty
 * member teaches 1-2 courses and 1-2 graduate courses and writes publications (full 15-20,
 * associate 10-18, assistant 5-10, lecturers 0-5); undergraduates take 2-4 courses and one in five
 * has an advisor; graduate students take 1-3 graduate courses, all have an advisor, a quarter are
 * teaching and a quarter research assistants; one full professor heads the department; degrees come
 * from any of 1,000 universities. Names follow UBA's ({@code
 * http://www.Department0.University0.edu/GraduateStudent12}), so the LUBM queries apply. Output is
 * N-Triples, deterministic for a seed; it is not byte-identical to UBA's.
 */
public final class LubmGenerator {
  private static final String UB = LubmQueries.UB;
  private static final String TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>";
  private static final int DEGREE_UNIVERSITIES = 1000;

  private final Writer out;
  private final Random rnd;
  private long triples;

  private LubmGenerator(Writer out, long seed) {
    this.out = out;
    this.rnd = new Random(seed);
  }

  /** Writes LUBM({@code universities}) as N-Triples (gzip if the name ends in .gz). */
  public static long generate(int universities, long seed, Path file, boolean progress)
      throws IOException {
    OutputStream os = Files.newOutputStream(file);
    if (file.getFileName().toString().endsWith(".gz")) {
      os = new GZIPOutputStream(os, 1 << 16);
    }
    try (Writer w =
        new BufferedWriter(new OutputStreamWriter(os, StandardCharsets.UTF_8), 1 << 16)) {
      return generate(universities, seed, w, progress);
    }
  }

  public static long generate(int universities, long seed, Writer w, boolean progress)
      throws IOException {
    LubmGenerator g = new LubmGenerator(w, seed);
    for (int u = 0; u < universities; u++) {
      g.university(u);
      if (progress) {
        System.err.printf("\r  university %d/%d, %,d triples", u + 1, universities, g.triples);
      }
    }
    if (progress) {
      System.err.println();
    }
    return g.triples;
  }

  private int between(int lo, int hi) {
    return lo + rnd.nextInt(hi - lo + 1);
  }

  private void triple(String s, String p, String o) throws IOException {
    out.write(s);
    out.write(' ');
    out.write(p);
    out.write(' ');
    out.write(o);
    out.write(" .\n");
    triples++;
  }

  private static String iri(String s) {
    return "<" + s + ">";
  }

  private static String ub(String local) {
    return "<" + UB + local + ">";
  }

  private static String lit(String s) {
    return "\"" + s + "\"";
  }

  private static String universityIri(int u) {
    return iri("http://www.University" + u + ".edu");
  }

  private void university(int u) throws IOException {
    String univ = universityIri(u);
    triple(univ, TYPE, ub("University"));
    triple(univ, ub("name"), lit("University" + u));
    int departments = between(15, 25);
    for (int d = 0; d < departments; d++) {
      department(u, d, univ);
    }
  }

  private record Person(String iri, String local) {}

  private void department(int u, int d, String univ) throws IOException {
    String host = "http://www.Department" + d + ".University" + u + ".edu";
    String dept = iri(host);
    triple(dept, TYPE, ub("Department"));
    triple(dept, ub("name"), lit("Department" + d));
    triple(dept, ub("subOrganizationOf"), univ);

    List<Person> faculty = new ArrayList<>();
    List<String> courses = new ArrayList<>();
    List<String> gradCourses = new ArrayList<>();
    String[][] ranks = {
      {"FullProfessor", "7", "10"},
      {"AssociateProfessor", "10", "14"},
      {"AssistantProfessor", "8", "11"},
      {"Lecturer", "5", "7"}
    };
    for (String[] rank : ranks) {
      int n = between(Integer.parseInt(rank[1]), Integer.parseInt(rank[2]));
      for (int i = 0; i < n; i++) {
        String local = rank[0] + i;
        Person p = new Person(iri(host + "/" + local), local);
        faculty.add(p);
        triple(p.iri, TYPE, ub(rank[0]));
        person(p, host);
        triple(p.iri, ub("worksFor"), dept);
        if (!rank[0].equals("Lecturer")) {
          triple(p.iri, ub("researchInterest"), lit("Research" + rnd.nextInt(30)));
        }
        degrees(p.iri, true);
        teach(p.iri, host, "Course", courses);
        teach(p.iri, host, "GraduateCourse", gradCourses);
        int pubs =
            switch (rank[0]) {
              case "FullProfessor" -> between(15, 20);
              case "AssociateProfessor" -> between(10, 18);
              case "AssistantProfessor" -> between(5, 10);
              default -> between(0, 5);
            };
        for (int k = 0; k < pubs; k++) {
          String pub = iri(host + "/" + local + "/Publication" + k);
          triple(pub, TYPE, ub("Publication"));
          triple(pub, ub("name"), lit("Publication" + k));
          triple(pub, ub("publicationAuthor"), p.iri);
        }
      }
    }
    triple(faculty.get(0).iri, ub("headOf"), dept); // FullProfessor0 heads the department

    List<Person> professors =
        faculty.stream().filter(p -> !p.local.startsWith("Lecturer")).toList();
    int undergrads = faculty.size() * between(8, 14);
    for (int i = 0; i < undergrads; i++) {
      Person s = new Person(iri(host + "/UndergraduateStudent" + i), "UndergraduateStudent" + i);
      triple(s.iri, TYPE, ub("UndergraduateStudent"));
      person(s, host);
      triple(s.iri, ub("memberOf"), dept);
      for (int c = between(2, 4); c > 0; c--) {
        triple(s.iri, ub("takesCourse"), courses.get(rnd.nextInt(courses.size())));
      }
      if (rnd.nextInt(5) == 0) {
        triple(s.iri, ub("advisor"), professors.get(rnd.nextInt(professors.size())).iri);
      }
    }
    int grads = faculty.size() * between(3, 4);
    for (int i = 0; i < grads; i++) {
      Person s = new Person(iri(host + "/GraduateStudent" + i), "GraduateStudent" + i);
      triple(s.iri, TYPE, ub("GraduateStudent"));
      person(s, host);
      triple(s.iri, ub("memberOf"), dept);
      triple(s.iri, ub("undergraduateDegreeFrom"), universityIri(rnd.nextInt(DEGREE_UNIVERSITIES)));
      for (int c = between(1, 3); c > 0; c--) {
        triple(s.iri, ub("takesCourse"), gradCourses.get(rnd.nextInt(gradCourses.size())));
      }
      triple(s.iri, ub("advisor"), professors.get(rnd.nextInt(professors.size())).iri);
      int role = rnd.nextInt(4);
      if (role == 0) {
        triple(s.iri, TYPE, ub("TeachingAssistant"));
        triple(s.iri, ub("teachingAssistantOf"), courses.get(rnd.nextInt(courses.size())));
      } else if (role == 1) {
        triple(s.iri, TYPE, ub("ResearchAssistant"));
      }
      for (int k = between(0, 5); k > 0; k--) {
        Person author = faculty.get(rnd.nextInt(faculty.size()));
        triple(
            iri(host + "/" + author.local + "/Publication" + rnd.nextInt(5)),
            ub("publicationAuthor"),
            s.iri);
      }
    }
    for (int g = between(10, 20) - 1; g >= 0; g--) {
      String group = iri(host + "/ResearchGroup" + g);
      triple(group, TYPE, ub("ResearchGroup"));
      triple(group, ub("subOrganizationOf"), dept);
    }
  }

  /** A faculty member teaches 1-2 new courses of one kind ("Course", "GraduateCourse"). */
  private void teach(String teacher, String host, String kind, List<String> taught)
      throws IOException {
    for (int c = between(1, 2); c > 0; c--) {
      String course = iri(host + "/" + kind + taught.size());
      triple(course, TYPE, ub(kind));
      triple(course, ub("name"), lit(kind + taught.size()));
      triple(teacher, ub("teacherOf"), course);
      taught.add(course);
    }
  }

  private void person(Person p, String host) throws IOException {
    String domain = host.substring("http://www.".length());
    triple(p.iri, ub("name"), lit(p.local));
    triple(p.iri, ub("emailAddress"), lit(p.local + "@" + domain));
    triple(p.iri, ub("telephone"), lit("xxx-xxx-xxxx"));
  }

  private void degrees(String who, boolean all) throws IOException {
    triple(who, ub("undergraduateDegreeFrom"), universityIri(rnd.nextInt(DEGREE_UNIVERSITIES)));
    if (all) {
      triple(who, ub("mastersDegreeFrom"), universityIri(rnd.nextInt(DEGREE_UNIVERSITIES)));
      triple(who, ub("doctoralDegreeFrom"), universityIri(rnd.nextInt(DEGREE_UNIVERSITIES)));
    }
  }

  /** {@code LubmGenerator N FILE [SEED]}: writes LUBM(N) to FILE (.nt or .nt.gz). */
  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: LubmGenerator UNIVERSITIES FILE[.gz] [SEED]");
      System.exit(2);
    }
    long start = System.nanoTime();
    long n =
        generate(
            Integer.parseInt(args[0]),
            args.length > 2 ? Long.parseLong(args[2]) : 0,
            Path.of(args[1]),
            true);
    System.out.printf(
        "LUBM(%s): %,d triples in %.1f s to %s%n",
        args[0], n, (System.nanoTime() - start) / 1e9, args[1]);
  }
}
