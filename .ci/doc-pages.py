#!/usr/bin/env python3
"""Runs documentation pages as a new user follows them, from their own marked code blocks.

    python3 .ci/doc-pages.py docs/tutorial-mongodb.md [more pages...]

A marker is an HTML comment right before a fenced block (invisible where the page is rendered):

    <!-- page:project plain -->               the project the page starts from (no block follows):
                                              plain (a Maven project with JUnit Jupiter), quickstart
                                              (the README's Quick start project, its baseline recorded
                                              and committed), spring-boot starters=a,b (as Spring
                                              Initializr generates one with those starters),
                                              micronaut (as Micronaut Launch generates one with the
                                              features data-jdbc, flyway, postgres, jdbc-hikari, and
                                              its Maven wrapper, mvnw), quarkus (as code.quarkus.io
                                              generates one with the extensions rest,
                                              hibernate-orm-panache, jdbc-postgresql, and its mvnw);
                                              name=NAME names the artifact and package
    <!-- page:dependency -->                  the block goes into the pom's <dependencies>
    <!-- page:plugin -->                      the block goes into the pom's <build><plugins>
    <!-- page:properties -->                  the block goes into the pom's <properties>
    <!-- page:file PATH -->                   the block is the file PATH of the project
    <!-- page:change PATH -->                 the block (```diff: ' ', '-', '+' lines; '@@' between
                                              hunks) is applied to PATH
    <!-- page:run benchmarks=N ci -->         the block runs in the project with bash; it must pass,
                                              and its run must leave results of exactly N benchmarks
                                              in target/dbbench/results.json; `ci` runs it as a CI job
                                              (CI=true), else as on a developer's machine
    <!-- page:run fails="TEXT" -->            ... it must fail, and print TEXT (several texts, each
                                              printed: "TEXT && TEXT")
    <!-- page:workflow benchmarks=N -->       the block (a GitHub Actions workflow, or a list of
                                              steps) runs its jobs here: each `run` step in the
                                              project, artifacts uploaded and downloaded as folders;
                                              after it, target/dbbench/results.json must hold the
                                              results of N benchmarks (1 unless it says)
    <!-- page:workflow from=FILE#MARKER -->   ... the block marked MARKER in FILE

Every project is a git repository whose commits are pushed to a bare `origin` (branch main), as a
user's clone would be. A page that runs no benchmark fails, as does any step that does not hold.
dbbench must be installed in the local Maven repository first (.ci/doc-pages.sh does it).
DBBENCH_PAGE_KEEP=1 keeps each page's project and logs.
"""
import fnmatch
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

import yaml

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARKER = re.compile(r"<!--\s*(page|quickstart):(\S+)(.*?)-->")
JUNIT = "6.1.3"
BOOT = "4.0.7"
MICRONAUT = "4.10.8"
QUARKUS = "3.33.2"
MYBATIS_STARTER = "4.0.1"
WRAPPER = "3.3.2"
WRAPPED_MAVEN = "3.9.9"


class PageFailure(Exception):
    pass


def fenced_blocks(path):
    """Each marker of the page with the fenced block after it (None where a marker has none)."""
    lines = open(path).read().split("\n")
    found = []
    i = 0
    while i < len(lines):
        match = MARKER.search(lines[i])
        if not match:
            i += 1
            continue
        kind, name, arguments = match.group(1), match.group(2), match.group(3).strip()
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        block = None
        if j < len(lines) and lines[j].lstrip().startswith("```"):
            indent = len(lines[j]) - len(lines[j].lstrip())
            body = []
            k = j + 1
            while not re.match(r"^\s*```\s*$", lines[k]):
                body.append(lines[k][indent:] if lines[k][:indent].strip() == "" else lines[k])
                k += 1
            block = "\n".join(body) + "\n"
            i = k
        found.append((kind, name, arguments, block, i + 1))
        i += 1
    return found


def block_of(reference):
    """The block of FILE#KIND:NAME, such as README.md#quickstart:github-actions."""
    file, marker = reference.split("#", 1)
    kind, name = marker.split(":", 1)
    for found_kind, found_name, _, block, _ in fenced_blocks(os.path.join(REPO, file)):
        if (found_kind, found_name) == (kind, name) and block is not None:
            return block
    raise PageFailure(f"{file} has no block marked {marker}")


def attributes(text):
    """`benchmarks=2 ci fails="a b"` as a dict; a bare word is True."""
    return {word.split("=", 1)[0]: (word.split("=", 1)[1] if "=" in word else True) for word in shlex.split(text)}


class Project:
    """A user's project, built up from a page's blocks."""

    def __init__(self, page, work):
        self.page = page
        self.work = work
        self.dir = os.path.join(work, "project")
        self.dependencies = []
        self.plugins = []
        self.properties = []
        self.parent = ""
        self.management = ""
        self.packaging = "jar"
        self.logs = 0
        self.workflows = 0
        self.benchmarks_ran = 0

    # --- the project a page starts from

    def start(self, kind, arguments):
        os.makedirs(self.dir)
        self.artifact = attributes(arguments).get("name") or \
            os.path.splitext(os.path.basename(self.page))[0].replace("-", "")
        self.dependencies.append(dependency("org.junit.jupiter", "junit-jupiter", JUNIT, "test"))
        self.plugins.append(plugin("maven-compiler-plugin", "3.14.0"))
        if kind == "plain":
            pass
        elif kind == "quickstart":
            self.quickstart()
        elif kind == "spring-boot":
            self.spring_boot(attributes(arguments).get("starters", "").split(","))
        elif kind == "micronaut":
            self.micronaut()
        elif kind == "quarkus":
            self.quarkus()
        else:
            raise PageFailure(f"unknown project kind {kind}")
        self.write_pom()
        if kind in ("micronaut", "quarkus"):
            # Launch and code.quarkus.io generate the Maven wrapper: Micronaut 4's build needs Maven 3.9.
            subprocess.run(["mvn", "-B", "-q", "-N", f"org.apache.maven.plugins:maven-wrapper-plugin:{WRAPPER}:wrapper",
                            f"-Dmaven={WRAPPED_MAVEN}", "-Dtype=only-script"], cwd=self.dir, check=True,
                           stdout=subprocess.DEVNULL)
        git(self.dir, "init", "-q", "-b", "main")
        git(self.dir, "config", "user.name", "page")
        git(self.dir, "config", "user.email", "page@example.com")
        with open(os.path.join(self.dir, ".gitignore"), "w") as ignore:
            ignore.write("target/\n")
        self.commit("the project")
        origin = os.path.join(self.work, "origin.git")
        subprocess.run(["git", "init", "-q", "--bare", "-b", "main", origin], check=True)
        git(self.dir, "remote", "add", "origin", origin)
        git(self.dir, "push", "-q", "origin", "main")
        git(self.dir, "fetch", "-q", "origin")
        if kind == "quickstart":
            self.run("bash", "mvn -B verify", {"benchmarks": "1"})
            self.commit("the baseline")
            git(self.dir, "push", "-q", "origin", "main")

    def quickstart(self):
        for name in ("pom-dependency", "pom-plugins"):
            block = block_of(f"README.md#quickstart:{name}")
            (self.dependencies if name == "pom-dependency" else self.plugins).append(block)
        self.write("src/test/resources/junit-platform.properties", block_of("README.md#quickstart:junit-platform-properties"))
        self.write("src/test/java/com/example/orders/OrderQueriesBench.java", block_of("README.md#quickstart:example"))

    def spring_boot(self, starters):
        """The pom, application class and ...ApplicationTests that Spring Initializr generates (Boot 4)."""
        self.dependencies = []
        self.plugins = [plugin_xml("org.springframework.boot", "spring-boot-maven-plugin", None)]
        self.parent = (f"<parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent"
                       f"</artifactId><version>{BOOT}</version><relativePath/></parent>")
        test_starters = {"data-jpa", "data-mongodb", "flyway", "jdbc", "jooq", "webmvc"}
        for starter in filter(None, starters):
            if starter == "postgresql":
                self.dependencies.append(dependency("org.postgresql", "postgresql", None, "runtime"))
                continue
            if starter == "mybatis":
                # MyBatis' own starters, which Initializr names with the version for the Boot line.
                for artifact, scope in (("mybatis-spring-boot-starter", None), ("mybatis-spring-boot-starter-test", "test")):
                    self.dependencies.append(dependency("org.mybatis.spring.boot", artifact, MYBATIS_STARTER, scope))
                continue
            self.dependencies.append(dependency("org.springframework.boot", f"spring-boot-starter-{starter}", None, None))
            if starter == "flyway":
                self.dependencies.append(dependency("org.flywaydb", "flyway-database-postgresql", None, None))
            if starter in test_starters:
                self.dependencies.append(dependency("org.springframework.boot", f"spring-boot-starter-{starter}-test",
                                                    None, "test"))
        self.dependencies.append(dependency("org.springframework.boot", "spring-boot-starter-test", None, "test"))
        package = f"com.example.{self.artifact}"
        application = self.artifact.capitalize() + "Application"
        self.write(f"src/main/java/com/example/{self.artifact}/{application}.java", f"""package {package};

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class {application} {{

    public static void main(String[] args) {{
        SpringApplication.run({application}.class, args);
    }}
}}
""")
        self.write(f"src/test/java/com/example/{self.artifact}/{application}Tests.java", f"""package {package};

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest
class {application}Tests {{

    @Test
    void contextLoads() {{
    }}

}}
""")
        self.write("src/main/resources/application.properties", f"spring.application.name={self.artifact}\n")

    def micronaut(self):
        """The pom, application class, configuration and test that Micronaut Launch generates (Micronaut 4,
        Maven, Java 17, features data-jdbc, flyway, postgres, jdbc-hikari, no test resources)."""
        self.parent = (f"<parent><groupId>io.micronaut.platform</groupId><artifactId>micronaut-parent</artifactId>"
                       f"<version>{MICRONAUT}</version></parent>")
        self.packaging = "${packaging}"
        self.properties.append(f"""
    <packaging>jar</packaging>
    <jdk.version>17</jdk.version>
    <release.version>17</release.version>
    <micronaut.version>{MICRONAUT}</micronaut.version>
    <micronaut.runtime>netty</micronaut.runtime>
    <micronaut.aot.enabled>false</micronaut.aot.enabled>
    <micronaut.aot.packageName>com.example.aot.generated</micronaut.aot.packageName>
    <exec.mainClass>com.example.{self.artifact}.Application</exec.mainClass>
""")
        self.dependencies = [
            dependency("io.micronaut.data", "micronaut-data-jdbc", None, None),
            dependency("io.micronaut.flyway", "micronaut-flyway", None, None),
            dependency("io.micronaut", "micronaut-http-server-netty", None, None),
            dependency("io.micronaut.serde", "micronaut-serde-jackson", None, None),
            dependency("io.micronaut.sql", "micronaut-jdbc-hikari", None, None),
            dependency("ch.qos.logback", "logback-classic", None, "runtime"),
            dependency("org.flywaydb", "flyway-database-postgresql", None, "runtime"),
            dependency("org.postgresql", "postgresql", None, "runtime"),
            dependency("org.yaml", "snakeyaml", None, "runtime"),
            dependency("io.micronaut", "micronaut-http-client", None, "test"),
            dependency("io.micronaut.test", "micronaut-test-junit5", None, "test"),
            dependency("org.junit.jupiter", "junit-jupiter-api", None, "test"),
            dependency("org.junit.jupiter", "junit-jupiter-engine", None, "test"),
        ]
        self.plugins = ["""      <plugin><groupId>io.micronaut.maven</groupId><artifactId>micronaut-maven-plugin</artifactId>
        <configuration><configFile>aot-${packaging}.properties</configFile></configuration></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-enforcer-plugin</artifactId></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId>
        <configuration>
          <annotationProcessorPaths combine.children="append">
            <path><groupId>io.micronaut.data</groupId><artifactId>micronaut-data-processor</artifactId>
              <version>${micronaut.data.version}</version></path>
            <path><groupId>io.micronaut.serde</groupId><artifactId>micronaut-serde-processor</artifactId>
              <version>${micronaut.serialization.version}</version></path>
          </annotationProcessorPaths>
          <compilerArgs>
            <arg>-Amicronaut.processing.group=com.example</arg>
            <arg>-Amicronaut.processing.module=""" + self.artifact + """</arg>
          </compilerArgs>
        </configuration>
      </plugin>
"""]
        package = f"com.example.{self.artifact}"
        test = self.artifact.capitalize() + "Test"
        self.write(f"src/main/java/com/example/{self.artifact}/Application.java", f"""package {package};

import io.micronaut.runtime.Micronaut;

public class Application {{

    public static void main(String[] args) {{
        Micronaut.run(Application.class, args);
    }}
}}
""")
        self.write(f"src/test/java/com/example/{self.artifact}/{test}.java", f"""package {package};

import io.micronaut.runtime.EmbeddedApplication;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Assertions;

import jakarta.inject.Inject;

@MicronautTest
class {test} {{

    @Inject
    EmbeddedApplication<?> application;

    @Test
    void testItWorks() {{
        Assertions.assertTrue(application.isRunning());
    }}

}}
""")
        self.write("src/main/resources/application.properties", f"""micronaut.application.name={self.artifact}
datasources.default.db-type=postgres
datasources.default.dialect=POSTGRES
datasources.default.driver-class-name=org.postgresql.Driver
flyway.datasources.default.enabled=true
""")
        self.write("src/main/resources/logback.xml", """<configuration>
    <appender name="STDOUT" class="ch.qos.logback.core.ConsoleAppender">
        <encoder>
            <pattern>%cyan(%d{HH:mm:ss.SSS}) %gray([%thread]) %highlight(%-5level) %magenta(%logger{36}) - %msg%n</pattern>
        </encoder>
    </appender>
    <root level="info">
        <appender-ref ref="STDOUT" />
    </root>
</configuration>
""")

    def quarkus(self):
        """The pom, resource, entity, configuration and test that code.quarkus.io generates (Quarkus 3.33,
        Maven, Java 17, extensions rest, hibernate-orm-panache, jdbc-postgresql)."""
        self.properties.append(f"""
    <quarkus.platform.group-id>io.quarkus</quarkus.platform.group-id>
    <quarkus.platform.artifact-id>quarkus-bom</quarkus.platform.artifact-id>
    <quarkus.platform.version>{QUARKUS}</quarkus.platform.version>
    <surefire-plugin.version>3.5.4</surefire-plugin.version>
    <skipITs>true</skipITs>
""")
        self.management = """
  <dependencyManagement>
    <dependencies>
      <dependency>
        <groupId>${quarkus.platform.group-id}</groupId>
        <artifactId>${quarkus.platform.artifact-id}</artifactId>
        <version>${quarkus.platform.version}</version>
        <type>pom</type>
        <scope>import</scope>
      </dependency>
    </dependencies>
  </dependencyManagement>"""
        self.dependencies = [
            dependency("io.quarkus", "quarkus-rest", None, None),
            dependency("io.quarkus", "quarkus-hibernate-orm-panache", None, None),
            dependency("io.quarkus", "quarkus-jdbc-postgresql", None, None),
            dependency("io.quarkus", "quarkus-arc", None, None),
            dependency("io.quarkus", "quarkus-junit", None, "test"),
            dependency("io.rest-assured", "rest-assured", None, "test"),
        ]
        self.plugins = ["""      <plugin>
        <groupId>${quarkus.platform.group-id}</groupId>
        <artifactId>quarkus-maven-plugin</artifactId>
        <version>${quarkus.platform.version}</version>
        <extensions>true</extensions>
        <executions>
          <execution>
            <goals><goal>build</goal><goal>generate-code</goal><goal>generate-code-tests</goal></goals>
          </execution>
        </executions>
      </plugin>
      <plugin>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.14.0</version>
        <configuration><parameters>true</parameters></configuration>
      </plugin>
      <plugin>
        <artifactId>maven-surefire-plugin</artifactId>
        <version>${surefire-plugin.version}</version>
        <configuration>
          <systemPropertyVariables>
            <java.util.logging.manager>org.jboss.logmanager.LogManager</java.util.logging.manager>
            <maven.home>${maven.home}</maven.home>
          </systemPropertyVariables>
        </configuration>
      </plugin>
"""]
        package = "org.acme"
        self.write("src/main/java/org/acme/GreetingResource.java", f"""package {package};

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@Path("/hello")
public class GreetingResource {{

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String hello() {{
        return "Hello from Quarkus REST";
    }}
}}
""")
        self.write("src/main/java/org/acme/MyEntity.java", f"""package {package};

import io.quarkus.hibernate.orm.panache.PanacheEntity;
import jakarta.persistence.Entity;

@Entity
public class MyEntity extends PanacheEntity {{
    public String field;
}}
""")
        self.write("src/test/java/org/acme/GreetingResourceTest.java", f"""package {package};

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.CoreMatchers.is;

@QuarkusTest
class GreetingResourceTest {{
    @Test
    void testHelloEndpoint() {{
        given()
          .when().get("/hello")
          .then()
             .statusCode(200)
             .body(is("Hello from Quarkus REST"));
    }}

}}
""")
        self.write("src/main/resources/application.properties", "")

    def write_pom(self):
        properties = ("<java.version>17</java.version>" if "spring-boot" in self.parent else "" if self.parent else
                      "<maven.compiler.release>17</maven.compiler.release>"
                      "<project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>")
        self.write("pom.xml", f"""<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  {self.parent}
  <groupId>com.example</groupId>
  <artifactId>{self.artifact}</artifactId>
  <version>0.0.1-SNAPSHOT</version>
  <packaging>{self.packaging}</packaging>
  <properties>{properties}
{"".join(self.properties)}
  </properties>{self.management}
  <dependencies>
{"".join(self.dependencies)}
  </dependencies>
  <build>
    <plugins>
{"".join(self.plugins)}
    </plugins>
  </build>
</project>
""")

    # --- what a page's blocks do

    def write(self, path, text):
        target = os.path.join(self.dir, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w") as file:
            file.write(text)

    def commit(self, message):
        git(self.dir, "add", "-A")
        git(self.dir, "commit", "-q", "--allow-empty", "-m", message)

    def change(self, path, diff):
        target = os.path.join(self.dir, path)
        text = open(target).read().split("\n")
        for hunk in re.split(r"^@@.*$", diff.rstrip("\n"), flags=re.M):
            lines = [line for line in hunk.split("\n") if line != ""]
            if not lines:
                continue
            if any(line[0] not in " +-" for line in lines):
                raise PageFailure(f"a line of the diff for {path} starts with neither ' ', '-' nor '+'")
            old = [line[1:] for line in lines if line[0] in " -"]
            new = [line[1:] for line in lines if line[0] in " +"]
            starts = [i for i in range(len(text) - len(old) + 1)
                      if [t.rstrip() for t in text[i:i + len(old)]] == [o.rstrip() for o in old]]
            if len(starts) != 1:
                raise PageFailure(f"the diff's lines {old[:2]}... are found {len(starts)} times in {path}, not once")
            text[starts[0]:starts[0] + len(old)] = new
        with open(target, "w") as file:
            file.write("\n".join(text))

    def run(self, shell, script, arguments, extra_env=None, cwd=None):
        """Runs a block (in the project, or in a job's checkout); checks its outcome and the benchmarks
        its run left in results.json."""
        cwd = cwd or self.dir
        self.logs += 1
        log = os.path.join(self.work, f"{self.logs:02d}.log")
        env = dict(os.environ)
        env.pop("CI", None)
        env.pop("GITHUB_STEP_SUMMARY", None)
        if arguments.get("ci"):
            env["CI"] = "true"
        env.update(extra_env or {})
        results = os.path.join(cwd, "target", "dbbench", "results.json")
        started = time.time()
        with open(log, "w") as output:
            status = subprocess.run([shell, "-e", "-o", "pipefail", "-c", with_sudo(script)], cwd=cwd, env=env,
                                    stdout=output, stderr=subprocess.STDOUT).returncode
        seconds = time.time() - started
        printed = open(log, errors="replace").read()
        first = script.strip().split("\n")[0]
        fails = arguments.get("fails")
        if fails:
            if status == 0:
                raise PageFailure(f"`{first}` passed, and the page says it fails\n{tail(printed)}")
            missing = [text for text in fails.split(" && ") if text not in printed]
            if missing:
                raise PageFailure(f"`{first}` failed, but without printing '{missing[0]}'\n{tail(printed)}")
        elif status != 0:
            raise PageFailure(f"`{first}` exited with {status}\n{tail(printed)}")
        ran = None
        if os.path.exists(results) and os.path.getmtime(results) >= started:
            with open(results) as file:
                ran = len(json.load(file)["results"])
        if "benchmarks" in arguments:
            expected = int(arguments["benchmarks"])
            if (ran or 0) != expected:
                raise PageFailure(f"`{first}` ran {ran or 0} benchmarks (target/dbbench/results.json of this run),"
                                  f" and the page says {expected}\n{tail(printed)}")
        self.benchmarks_ran += ran or 0
        outcome = "failed as the page says" if fails else "passed"
        print(f"   `{first}`: {outcome} in {seconds:.0f} s" + (f", {ran} benchmarks ran" if ran is not None else ""))
        return printed

    def workflow(self, text, line, expected):
        """
        Runs a workflow's jobs (or a list of steps) here, as GitHub Actions would: each job, and each
        value of its matrix, on a fresh checkout of the project's last commit.
        """
        self.workflows += 1
        started = time.time()
        document = yaml.safe_load(text)
        jobs = document["jobs"] if isinstance(document, dict) else {"steps": {"steps": document}}
        artifacts = os.path.join(self.work, f"workflow-{self.workflows}", "artifacts")
        summary = os.path.join(self.work, f"workflow-{self.workflows}", "step-summary.md")
        checkout = None
        for job_name, job in jobs.items():
            matrix = ((job.get("strategy") or {}).get("matrix")) or {}
            if len(matrix) > 1:
                raise PageFailure(f"line {line}: a matrix of more than one key is not run here")
            key, values = next(iter(matrix.items())) if matrix else (None, [None])
            for value in values:
                print(f"   job {job_name}" + (f" ({key} {value})" if key else ""))
                checkout = os.path.join(self.work, f"workflow-{self.workflows}", f"{job_name}-{value}")
                subprocess.run(["git", "clone", "-q", self.dir, checkout], check=True)
                context = {"matrix." + key: str(value)} if key else {}
                for step in job["steps"]:
                    self.step(step, context, checkout, artifacts, summary, line)
        results = os.path.join(checkout, "target", "dbbench", "results.json")
        ran = 0
        if os.path.exists(results) and os.path.getmtime(results) >= started:
            with open(results) as file:
                ran = len(json.load(file)["results"])
        if ran != expected:
            raise PageFailure(f"line {line}: after the workflow, target/dbbench/results.json of its last job holds"
                              f" {ran} benchmarks, and the page says {expected}")
        if os.path.exists(summary):
            print(f"   the job summary: {sum(1 for _ in open(summary))} lines")
        print(f"   the workflow left results of {ran} benchmarks")

    def step(self, step, context, checkout, artifacts, summary, line):
        uses = step.get("uses", "")
        inputs = {name: expand(str(value), context) for name, value in (step.get("with") or {}).items()}
        if uses.startswith(("actions/checkout@", "actions/setup-java@")):
            return
        if uses.startswith("actions/upload-artifact@"):
            target = os.path.join(artifacts, inputs["name"])
            for path in filter(None, (p.strip() for p in inputs["path"].split("\n"))):
                source = os.path.join(checkout, path)
                if os.path.isdir(source):
                    shutil.copytree(source, os.path.join(target, path), dirs_exist_ok=True)
                elif os.path.exists(source):
                    os.makedirs(os.path.dirname(os.path.join(target, path)), exist_ok=True)
                    shutil.copy(source, os.path.join(target, path))
            if step.get("id"):
                context[f"steps.{step['id']}.outputs.artifact-url"] = "file://" + target
            return
        if uses.startswith("actions/download-artifact@"):
            destination = os.path.join(checkout, inputs.get("path", "."))
            names = sorted(os.listdir(artifacts)) if os.path.isdir(artifacts) else []
            chosen = [n for n in names if fnmatch.fnmatch(n, inputs["pattern"])] if "pattern" in inputs else \
                [inputs["name"]]
            if not chosen:
                raise PageFailure(f"line {line}: no artifact matches {inputs}")
            for name in chosen:
                into = os.path.join(destination, name) if "pattern" in inputs else destination
                shutil.copytree(os.path.join(artifacts, name), into, dirs_exist_ok=True)
            return
        if uses:
            raise PageFailure(f"line {line}: the step `uses: {uses}` is not run here")
        env = {name: expand(str(value), context) for name, value in (step.get("env") or {}).items()}
        env.update({"CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary})
        script = expand(step["run"], context)
        self.run("bash", script, {"ci": True}, env, checkout)


def with_sudo(script):
    """Where there is no sudo (a root shell in a container), commands run as they are."""
    if shutil.which("sudo") or "sudo " not in script:
        return script
    return "sudo() { \"$@\"; }\n" + script


def expand(text, context):
    def value(match):
        name = match.group(1).strip()
        if name not in context:
            raise PageFailure(f"the expression ${{{{ {name} }}}} is not known here")
        return context[name]
    return re.sub(r"\$\{\{(.*?)\}\}", value, text)


def dependency(group, artifact, version_, scope):
    return ("    <dependency>" + f"<groupId>{group}</groupId><artifactId>{artifact}</artifactId>"
            + (f"<version>{version_}</version>" if version_ else "")
            + (f"<scope>{scope}</scope>" if scope else "") + "</dependency>\n")


def plugin(artifact, version_):
    return plugin_xml("org.apache.maven.plugins", artifact, version_)


def plugin_xml(group, artifact, version_):
    return (f"      <plugin><groupId>{group}</groupId><artifactId>{artifact}</artifactId>"
            + (f"<version>{version_}</version>" if version_ else "") + "</plugin>\n")


def git(directory, *arguments):
    subprocess.run(["git", *arguments], cwd=directory, check=True, stdout=subprocess.DEVNULL)


def tail(text, lines=40):
    return "---- last lines:\n" + "\n".join(text.rstrip().split("\n")[-lines:])


def run_page(page):
    work = tempfile.mkdtemp(prefix="dbbench-page.")
    started = time.time()
    try:
        project = Project(page, work)
        markers = [m for m in fenced_blocks(os.path.join(REPO, page)) if m[0] == "page"]
        if not markers:
            raise PageFailure("the page has no page: markers")
        if markers[0][1] != "project":
            project.start("plain", "")
        for _, name, arguments, block, line in markers:
            where = f"{page}:{line}"
            if name == "project":
                kind, _, rest = arguments.partition(" ")
                print(f"   a {kind} project")
                project.start(kind, rest)
            elif name in ("dependency", "plugin", "properties"):
                {"dependency": project.dependencies, "plugin": project.plugins,
                 "properties": project.properties}[name].append(block)
                project.write_pom()
            elif name == "file":
                project.write(arguments, block)
            elif name == "change":
                project.change(arguments, block)
                print(f"   changed {arguments}")
            elif name == "run":
                project.run("bash", block, attributes(arguments))
            elif name == "workflow":
                options = attributes(arguments)
                reference = options.get("from")
                project.workflow(block_of(reference) if reference else block, where,
                                 int(options.get("benchmarks", "1")))
            else:
                raise PageFailure(f"{where}: unknown marker page:{name}")
        if project.benchmarks_ran == 0:
            raise PageFailure("no run of the page ran a benchmark")
        print(f"== {page} works as written: {project.benchmarks_ran} benchmark results in"
              f" {time.time() - started:.0f} s")
    finally:
        if os.environ.get("DBBENCH_PAGE_KEEP"):
            print(f"   kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def main(pages):
    failed = []
    for page in pages:
        print(f"== {page}, as a new user follows it")
        try:
            run_page(page)
        except PageFailure as failure:
            print(f"FAIL: {page}: {failure}", file=sys.stderr)
            failed.append(page)
    if failed:
        print(f"FAIL: {len(failed)} of {len(pages)} pages do not work as written: {', '.join(failed)}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
